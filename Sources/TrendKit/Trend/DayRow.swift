import FoundationEssentials

/// One local day's entries, summed as they are read.
struct DayRow {
    var day: Int
    var count: Int
    var sum: Double
    var minimum: Double
    var maximum: Double

    init(day: Int, count: Int, sum: Double, minimum: Double, maximum: Double) {
        self.day = day
        self.count = count
        self.sum = sum
        self.minimum = minimum
        self.maximum = maximum
    }

    init(day: Int, kilograms: Double) {
        self.day = day
        count = 1
        sum = kilograms
        minimum = kilograms
        maximum = kilograms
    }

    mutating func add(_ kilograms: Double) {
        count += 1
        sum += kilograms
        minimum = min(minimum, kilograms)
        maximum = max(maximum, kilograms)
    }

    var mean: Double { sum / Double(count) }

    /// Days in order with each day once: rows of a day that recurred are combined.
    static func merged(_ rows: [DayRow]) -> [DayRow] {
        guard zip(rows, rows.dropFirst()).contains(where: { $0.day >= $1.day }) else { return rows }
        var byDay: [Int: DayRow] = [:]
        for row in rows {
            if var existing = byDay[row.day] {
                existing.count += row.count
                existing.sum += row.sum
                existing.minimum = min(existing.minimum, row.minimum)
                existing.maximum = max(existing.maximum, row.maximum)
                byDay[row.day] = existing
            } else {
                byDay[row.day] = row
            }
        }
        return byDay.values.sorted { $0.day < $1.day }
    }
}

/// The weights added to and removed from one day since the table last caught up.
struct DayChange {
    let day: Int
    var added: [Double] = []
    var removed: [Double] = []

    mutating func note(kilograms: Double, added isAdded: Bool) {
        if isAdded { added.append(kilograms) } else { removed.append(kilograms) }
    }
}

extension DayRow {
    /// The stored times that can fall on local day `day`: a local day lies within a day either
    /// side of the same UTC day (offsets are under 26 hours), so the index narrows the rows to
    /// those and the local day picks.
    static func storedTimes(around day: Int) -> (from: String, to: String) {
        (
            StoredTime.text(Date(timeIntervalSince1970: Double(day - 1) * 86_400)),
            StoredTime.text(Date(timeIntervalSince1970: Double(day + 2) * 86_400))
        )
    }

    /// Local day `day` in `zone` counted from `rows` (a time in seconds, then a value, per
    /// row; the statement is reset after): nil when none of them falls on that day.
    static func counted(_ day: Int, in zone: TrendZone, from rows: any SQLStatement) throws(StorageError) -> DayRow? {
        var found: DayRow?
        while try rows.step() {
            guard zone.day(unixSeconds: rows.int64(0)) == day else { continue }
            if found == nil { found = DayRow(day: day, kilograms: rows.double(1)) } else { found?.add(rows.double(1)) }
        }
        rows.reset()
        return found
    }
}
