/// The local copy as a file: `KEY = VALUE` lines, each person's own as `NAME: KEY = VALUE`,
/// and a change made here that the store does not hold yet as `NAME: KEY waits for the store
/// since = TIME`. A file an older trendsh wrote has only `KEY = VALUE` lines: its per-person
/// settings name no person, and are the store's first person's. An older trendsh keeps the
/// lines that name a person as lines it does not know, so it writes them back as they were.
extension SettingsCopy {
    static let header = "# trendsh settings"
    static let legend =
        "# \"NAME: KEY = VALUE\" is NAME's own setting, kept in the store too; \"NAME: KEY waits for the store since = TIME\" marks one set here that the store does not hold yet."
    static let waits = " waits for the store since"
    /// The time of a waiting change whose time is not known.
    static let unknownTime = "unknown"

    /// Reads the file's lines. Unknown keys, comments and blank lines are kept for the next
    /// rewrite; a known key with a value it does not take is an error.
    init(parsing text: String) throws(SettingsProblem) {
        self.init()
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                if trimmed != Self.header && trimmed != Self.legend && !trimmed.isEmpty { otherLines.append(line) }
                continue
            }
            let parts = trimmed.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            guard parts.count == 2 else { throw .unexpectedLine(trimmed) }
            var name = parts[0]
            var person: String?
            if let colon = name.firstIndex(of: ":") {
                let who = String(name[..<colon]).trimmingWhitespace()
                guard PersonName(who) != nil else {
                    otherLines.append(line)
                    continue
                }
                person = who
                name = String(name[name.index(after: colon)...]).trimmingWhitespace()
            }
            let marksWaiting = name.hasSuffix(Self.waits)
            if marksWaiting { name = String(name.dropLast(Self.waits.count)).trimmingWhitespace() }
            guard let key = SettingKey.named(name), key.isPerPerson || (person == nil && !marksWaiting) else {
                otherLines.append(line)
                continue
            }
            if marksWaiting {
                let time = parts[1].lowercased() == Self.unknownTime ? nil : parts[1]
                if let time, StoredTime.date(time) == nil { throw .unexpectedLine(trimmed) }
                // A value that names no person waits with no time unless a line says one.
                if person == nil && time == nil { continue }
                change(person) { $0.waiting[key.name] = WaitingChange(changedAt: time) }
                continue
            }
            var settings = Settings()
            do {
                try key.restore(parts[1], into: &settings)
            } catch {
                throw .unexpectedLine(trimmed)
            }
            let value = key.kept(settings)
            if key.isPerPerson {
                change(person) { $0.values[key.name] = value }
            } else {
                local[key.name] = value
            }
        }
    }

    var fileText: String {
        var lines = [Self.header]
        if !people.isEmpty { lines.append(Self.legend) }
        for key in SettingKey.local {
            if let value = local[key.name] { lines.append("\(key.name) = \(value)") }
        }
        lines += Self.lines(of: unnamed, prefix: "", writesUnknownTimes: false)
        for person in people.keys.sorted() {
            guard let part = people[person] else { continue }
            lines += Self.lines(of: part, prefix: "\(person): ", writesUnknownTimes: true)
        }
        lines += otherLines
        return lines.joined(separator: "\n") + "\n"
    }

    /// A part's values, then its marks. In the unnamed part every value waits, with no time
    /// unless a line says one.
    private static func lines(of part: PersonSettings, prefix: String, writesUnknownTimes: Bool) -> [String] {
        var lines: [String] = []
        for key in SettingKey.perPerson {
            if let value = part.values[key.name] { lines.append("\(prefix)\(key.name) = \(value)") }
        }
        for key in SettingKey.perPerson {
            guard let waiting = part.waiting[key.name] else { continue }
            guard let time = waiting.changedAt ?? (writesUnknownTimes ? unknownTime : nil) else { continue }
            lines.append("\(prefix)\(key.name)\(waits) = \(time)")
        }
        return lines
    }
}
