extension SpreadsheetRows {
    /// Which column holds what: the columns named by hand first, then the rest by their
    /// headers; the first column of each role wins.
    struct Plan {
        var date: Int
        var time: Int?
        var weight: Int?
        var weightUnit: WeightUnit?
        var note: Int?
        var measures: [(index: Int, column: MeasureColumn)] = []
        /// Every column read, and every one `--column` named (`skip` too).
        var used: Set<Int> = []
        var byHand: Set<Int> = []

        init(names: [String], kinds: [MeasurementKind], choices: [ColumnChoice]) throws(ImportFileError) {
            var found: [Int: SpreadsheetHeaders.Found] = [:]
            var byHand = Set<Int>()
            for choice in choices {
                let index: Int
                if choice.column.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(choice.column),
                    (1...max(1, names.count)).contains(number), number <= names.count
                {
                    index = number - 1
                } else if let named = names.firstIndex(where: { $0.lowercased() == choice.column.lowercased() }) {
                    index = named
                } else {
                    throw .spreadsheet(.noSuchColumn(choice.column))
                }
                byHand.insert(index)
                switch choice.role {
                case "date": found[index] = .date
                case "time": found[index] = .time
                case "note": found[index] = .note
                case "skip": found[index] = nil
                default:
                    let role = choice.role == "value" ? "weight" : choice.role
                    guard let kind = SpreadsheetHeaders.kind(role: role, in: kinds) else {
                        throw .spreadsheet(.unknownRole(choice.role))
                    }
                    let unit = SpreadsheetHeaders.key(names[index]).unit.flatMap(MeasureUnit.named)
                    found[index] = .kind(kind, unit: unit?.quantity == kind.quantity ? unit : nil)
                }
            }
            for (index, name) in names.enumerated() where !byHand.contains(index) {
                if let role = SpreadsheetHeaders.found(name, kinds: kinds) { found[index] = role }
            }
            // By hand first, then in file order: the first column of each role wins.
            let order = byHand.sorted() + names.indices.filter { !byHand.contains($0) }
            var date: Int?
            var times: [Int] = []
            var taken = Set<KindID>()
            for index in order {
                switch found[index] {
                case .date?:
                    if date == nil { date = index }
                case .time?:
                    times.append(index)
                case .note?:
                    if note == nil { note = index }
                case .kind(let kind, let unit)?:
                    guard !taken.contains(kind.id) else { continue }
                    if kind.id == .weight {
                        let named = unit.map { WeightUnit(rawValue: $0.symbol) }
                        // A mass trendsh keeps no weight in (grams) is no weight column; one
                        // named the weight by hand is refused rather than left out unseen.
                        if let named, named == nil {
                            guard !byHand.contains(index) else {
                                throw .spreadsheet(.notAWeightUnit(header: names[index], unit: unit?.symbol ?? ""))
                            }
                            continue
                        }
                        weight = index
                        weightUnit = named ?? nil
                    } else {
                        measures.append((index, MeasureColumn(kind: kind, reading: .asWritten, unit: unit)))
                    }
                    taken.insert(kind.id)
                case nil:
                    continue
                }
            }
            if date == nil, let first = times.first {
                date = first
                times.removeFirst()
            }
            let headers = Array(names.prefix(8))
            guard let date else {
                if weight == nil && measures.isEmpty && choices.isEmpty { throw .unknownLayout }
                throw .spreadsheet(.noDateColumn(headers: headers))
            }
            guard weight != nil || !measures.isEmpty else { throw .spreadsheet(.noMeasureColumn(headers: headers)) }
            self.date = date
            time = times.first
            self.byHand = byHand
            used = byHand.union([date]).union([time, weight, note].compactMap { $0 }).union(measures.map(\.index))
        }

        /// The columns read, in file order, as the preview tells them.
        func described(_ names: [String]) -> [SpreadsheetReading.Column] {
            var columns: [SpreadsheetReading.Column] = []
            func add(_ index: Int, _ role: SpreadsheetReading.Role) {
                columns.append(
                    SpreadsheetReading.Column(
                        number: index + 1, header: names[index], role: role, byHand: byHand.contains(index)))
            }
            add(date, .date)
            if let time { add(time, .time) }
            if let weight { add(weight, .kind(.weight, unit: weightUnit?.symbol)) }
            for measure in measures {
                add(measure.index, .kind(measure.column.kind.id, unit: measure.column.unit?.symbol))
            }
            if let note { add(note, .note) }
            return columns.sorted { $0.number < $1.number }
        }
    }
}
