/// The one table of commands: the parser, `help`, completion and the unknown-command
/// message all read it.
public enum CommandTable {
    /// What a command's argument can be completed from.
    public enum ArgumentSet: Sendable, Equatable {
        case none
        case units
        case entryIDs
        case commandNames
        case dateWords
        case simulateModes
    }

    /// The feature a command belongs to; `help` lists commands under these headings.
    public enum Group: String, Sendable, CaseIterable {
        case draft = "The draft"
        case weights = "Weights"
        case settings = "Settings"
        case shell = "The shell"
    }

    /// One row of the table.
    public struct Spec: Sendable {
        public let name: String
        public let group: Group
        public let aliases: [String]
        public let usage: String
        public let summary: String
        public let example: String
        public let arguments: ArgumentSet
        public let words: [String]

        init(
            _ name: String, _ group: Group, aliases: [String] = [], usage: String, summary: String, example: String,
            arguments: ArgumentSet = .none, words: [String] = []
        ) {
            self.name = name
            self.group = group
            self.aliases = aliases
            self.usage = usage
            self.summary = summary
            self.example = example
            self.arguments = arguments
            self.words = words
        }
    }

    public static let simulateModes = ["save-failure", "open-failure", "refresh-failure", "off"]

    public static let specs: [Spec] = [
        Spec(
            "help", .shell, usage: "help [COMMAND]", summary: "List the commands, or explain one.",
            example: "help save",
            arguments: .commandNames),
        Spec(
            "new", .draft, usage: "new", summary: "Open a new weight-entry draft dated now.", example: "new"),
        Spec(
            "edit", .draft, usage: "edit ID", summary: "Open a draft prefilled from entry ID.", example: "edit 12",
            arguments: .entryIDs),
        Spec(
            "value", .draft, usage: "value WEIGHT", summary: "Set the draft's weight, kept exactly as typed.",
            example: "value 75.4"),
        Spec(
            "note", .draft, usage: "note [TEXT]", summary: "Set the draft's note; no text clears it.",
            example: "note after run"),
        Spec(
            "date", .draft, usage: "date WHEN",
            summary: "Set the draft's date: YYYY-MM-DD, YYYY-MM-DD HH:MM, today, yesterday or -Nd.",
            example: "date yesterday", arguments: .dateWords, words: ["today", "yesterday"]),
        Spec(
            "show", .draft, usage: "show", summary: "Show the open draft and its last error.", example: "show"),
        Spec(
            "save", .draft, usage: "save", summary: "Save the draft; on failure it stays open for another try.",
            example: "save"),
        Spec(
            "cancel", .draft, usage: "cancel", summary: "Discard the open draft.", example: "cancel"),
        Spec(
            "list", .weights, usage: "list [N]", summary: "Show the N newest entries (default 10).", example: "list 5"),
        Spec(
            "delete", .weights, usage: "delete ID", summary: "Delete entry ID.", example: "delete 12",
            arguments: .entryIDs),
        Spec(
            "unit", .settings, usage: "unit [kg|lb]", summary: "Show or set the unit weights are typed and shown in.",
            example: "unit lb", arguments: .units, words: ["kg", "lb"]),
        Spec(
            "refresh", .weights, usage: "refresh", summary: "Reload the entries from the store.", example: "refresh"),
        Spec(
            "status", .shell, usage: "status", summary: "Show each feature's state, the store and the draft.",
            example: "status"),
        Spec(
            "simulate", .shell, usage: "simulate [save-failure [once|always] | open-failure | refresh-failure | off]",
            summary: "Make the store fail on purpose, to see how trendsh recovers.",
            example: "simulate save-failure once", arguments: .simulateModes, words: simulateModes),
        Spec(
            "history", .shell, usage: "history [N]", summary: "Show the last N lines typed (default 20).",
            example: "history 5"),
        Spec(
            "quit", .shell, aliases: ["exit"], usage: "quit",
            summary: "Leave trendsh (asks again if the draft is unsaved).",
            example: "quit"),
    ]

    /// The row for a name or alias.
    public static func spec(named name: String) -> Spec? {
        specs.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Every name and alias, for completion.
    public static var allNames: [String] { specs.flatMap { [$0.name] + $0.aliases } }

    /// The closest known name to a mistyped one, if any is close.
    public static func suggestion(for name: String) -> String? {
        let scored = allNames.map { ($0, editDistance($0, name)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, name.count / 3) else {
            return allNames.first { $0.hasPrefix(name) && !name.isEmpty }
        }
        return best.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
