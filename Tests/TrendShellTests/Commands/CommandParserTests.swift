import Testing
import TrendKit

@testable import TrendShell

@Suite struct CommandParserTests {
    /// A parsed line as the test expects it: the command's name and its parsed arguments.
    struct Expected: CustomStringConvertible, Sendable {
        var name: String
        var arguments: any Hashable & Sendable

        init(_ name: String, _ arguments: some Hashable & Sendable = NoArguments()) {
            self.name = name
            self.arguments = arguments
        }

        var description: String { "\(name) \(arguments)" }
    }

    @Test(arguments: [
        ("help", Expected("help", String?.none)),
        ("help save", Expected("help", String?.some("save"))),
        ("HELP Save", Expected("help", String?.some("Save"))),
        ("\\?", Expected("help", String?.none)),
        (".help", Expected("help", String?.none)),
        ("new", Expected("new", DraftCommands.Kind.weight)),
        ("new weight", Expected("new", DraftCommands.Kind.weight)),
        ("edit 12", Expected("edit", Int64(12))),
        ("edit #12", Expected("edit", Int64(12))),
        ("delete 3", Expected("delete", DeleteCommand.Target.entry(3))),
        ("delete  #3 ", Expected("delete", DeleteCommand.Target.entry(3))),
        ("delete habit Run", Expected("delete", DeleteCommand.Target.habit("Run"))),
        ("delete habit \"Read 10 pages\"", Expected("delete", DeleteCommand.Target.habit("Read 10 pages"))),
        ("new habit", Expected("new", DraftCommands.Kind.habit)),
        ("name Read 10 pages", Expected("name", "Read 10 pages")),
        ("habits", Expected("habits")),
        ("done Run", Expected("done", HabitCommands.Marking(name: "Run", when: "today"))),
        (
            "done \"Read 10 pages\" yesterday",
            Expected("done", HabitCommands.Marking(name: "Read 10 pages", when: "yesterday"))
        ),
        ("undone Run -2d", Expected("undone", HabitCommands.Marking(name: "Run", when: "-2d"))),
        (
            "rename \"Read 10 pages\" Reading",
            Expected("rename", HabitCommands.Renaming(name: "Read 10 pages", newName: "Reading"))
        ),
        ("value 75", Expected("value", "75")),
        ("value   75,5  ", Expected("value", "75,5")),
        ("value abc", Expected("value", "abc")),
        ("value 75 kg # not a comment", Expected("value", "75 kg # not a comment")),
        ("VALUE 75", Expected("value", "75")),
        ("value\t75", Expected("value", "75")),
        ("value 165 lb", Expected("value", "165 lb")),
        ("note after run", Expected("note", "after run")),
        ("note   two   spaces   inside  ", Expected("note", "two   spaces   inside")),
        ("note \"quoted\" and 'single'", Expected("note", "\"quoted\" and 'single'")),
        ("note \"unclosed", Expected("note", "\"unclosed")),
        ("note", Expected("note", "")),
        ("note    ", Expected("note", "")),
        ("date yesterday", Expected("date", "yesterday")),
        ("date 2026-11-28 07:30", Expected("date", "2026-11-28 07:30")),
        ("date   -3d ", Expected("date", "-3d")),
        ("show", Expected("show", false)),
        ("show all", Expected("show", true)),
        ("SHOW ALL", Expected("show", true)),
        ("import weights.csv", Expected("import", DataCommands.ImportRequest(files: ["weights.csv"], unit: nil))),
        (
            "import a.json \"my b.json\" LB",
            Expected("import", DataCommands.ImportRequest(files: ["a.json", "my b.json"], unit: .pounds))
        ),
        ("import kg", Expected("import", DataCommands.ImportRequest(files: ["kg"], unit: nil))),
        (
            "fix 4 weight 70.2",
            Expected("fix", DataCommands.FixRequest(file: nil, line: 4, action: .set(.weight, "70.2")))
        ),
        (
            "fix b.csv:12 note  \"quoted\", kept  ",
            Expected("fix", DataCommands.FixRequest(file: "b.csv", line: 12, action: .set(.note, "\"quoted\", kept")))
        ),
        ("fix 4 note", Expected("fix", DataCommands.FixRequest(file: nil, line: 4, action: .set(.note, "")))),
        (
            "fix 1.2 weight 80.4",
            Expected("fix", DataCommands.FixRequest(file: nil, line: 1, ordinal: 2, action: .set(.weight, "80.4")))
        ),
        (
            "fix w.csv:1.2 skip",
            Expected("fix", DataCommands.FixRequest(file: "w.csv", line: 1, ordinal: 2, action: .skip))
        ),
        (
            "fix a:b.v2.xml:3.10 reset",
            Expected("fix", DataCommands.FixRequest(file: "a:b.v2.xml", line: 3, ordinal: 10, action: .reset))
        ),
        ("fix 2.csv:7 skip", Expected("fix", DataCommands.FixRequest(file: "2.csv", line: 7, action: .skip))),
        ("fix 4 skip", Expected("fix", DataCommands.FixRequest(file: nil, line: 4, action: .skip))),
        ("fix 4 RESET", Expected("fix", DataCommands.FixRequest(file: nil, line: 4, action: .reset))),
        ("export csv", Expected("export", DataCommands.ExportRequest(habits: false, format: .csv, path: nil))),
        (
            "export JSON \"my weights.json\"",
            Expected("export", DataCommands.ExportRequest(habits: false, format: .json, path: "my weights.json"))
        ),
        (
            "export habits csv h.csv",
            Expected("export", DataCommands.ExportRequest(habits: true, format: .csv, path: "h.csv"))
        ),
        ("save", Expected("save")),
        ("  save  ", Expected("save")),
        ("cancel", Expected("cancel")),
        ("list", Expected("list", 10)),
        ("list 5", Expected("list", 5)),
        ("list 99999999", Expected("list", 1_000_000)),
        ("list 99999999999999999999999", Expected("list", 1_000_000)),
        ("unit", Expected("unit", SettingsCommands.UnitRequest.showWeight)),
        ("unit kg", Expected("unit", SettingsCommands.UnitRequest.setWeight(.kilograms))),
        ("unit LB", Expected("unit", SettingsCommands.UnitRequest.setWeight(.pounds))),
        ("unit st", Expected("unit", SettingsCommands.UnitRequest.setWeight(.stones))),
        ("unit waist", Expected("unit", SettingsCommands.UnitRequest.kind(word: "waist", unit: nil))),
        ("unit waist in", Expected("unit", SettingsCommands.UnitRequest.kind(word: "waist", unit: "in"))),
        ("unit weight st", Expected("unit", SettingsCommands.UnitRequest.kind(word: "weight", unit: "st"))),
        ("goal", Expected("goal", String?.none)),
        ("goal 154 lb", Expected("goal", String?.some("154 lb"))),
        ("set chart-style ascii", Expected("set", SettingsCommands.Assignment(key: "chart-style", value: "ascii"))),
        ("settings", Expected("settings")),
        ("refresh", Expected("refresh")),
        ("status", Expected("status")),
        ("simulate", Expected("simulate", ShellCommands.SimulateRequest())),
        ("simulate save-failure", Expected("simulate", ShellCommands.SimulateRequest(mode: .saveFailure))),
        ("simulate save-failure once", Expected("simulate", ShellCommands.SimulateRequest(mode: .saveFailure))),
        (
            "simulate save-failure ALWAYS",
            Expected("simulate", ShellCommands.SimulateRequest(mode: .saveFailure, persistence: .always))
        ),
        (
            "simulate save-failure once weights",
            Expected("simulate", ShellCommands.SimulateRequest(mode: .saveFailure, feature: "weights"))
        ),
        ("simulate open-failure", Expected("simulate", ShellCommands.SimulateRequest(mode: .openFailure))),
        ("simulate refresh-failure", Expected("simulate", ShellCommands.SimulateRequest(mode: .refreshFailure))),
        ("simulate off", Expected("simulate", ShellCommands.SimulateRequest(mode: .off))),
        ("history", Expected("history", Int?.none)),
        ("history 5", Expected("history", Int?.some(5))),
        ("quit", Expected("quit")),
        ("exit", Expected("quit")),
        ("Exit", Expected("quit")),
        ("\\q", Expected("quit")),
        (".quit", Expected("quit")),
    ])
    func aLineBecomesItsCommand(line: String, expected: Expected) throws {
        let parsed = try #require(try CommandParser.parse(line))
        #expect(parsed.name == expected.name)
        #expect(Self.same(parsed, expected.arguments), "\(parsed.arguments)")
    }

    /// Opens the existential to compare with the parsed value's own type.
    static func same(_ parsed: ParsedCommand, _ expected: any Hashable & Sendable) -> Bool {
        func compare<Value: Hashable & Sendable>(_ value: Value) -> Bool {
            parsed
                == ParsedCommand(name: parsed.name, arguments: value, readsStore: parsed.readsStore) { _ in .succeeded }
        }
        return compare(expected)
    }

    @Test(arguments: ["", "   ", "\t", "# a comment", "   # indented comment", "#save"])
    func blankAndCommentLinesAreNoCommand(line: String) throws {
        #expect(try CommandParser.parse(line) == nil)
    }

    @Test(arguments: [
        ("frobnicate", ParseError.unknownCommand("frobnicate")),
        ("Sav 75", .unknownCommand("Sav")),
        (
            "new now",
            .badArguments(
                command: "new", problem: .notOneOf(word: "now", what: "a kind of draft", choices: ["weight", "habit"]))
        ),
        ("save it", .badArguments(command: "save", problem: .takesNoArguments)),
        (
            "show everything",
            .badArguments(
                command: "show", problem: .notOneOf(word: "everything", what: "something to show", choices: ["all"]))
        ),
        ("import", .badArguments(command: "import", problem: .needs("a file"))),
        ("fix 4", .badArguments(command: "fix", problem: .needs("a line and what to fix"))),
        ("fix 4 weight", .badArguments(command: "fix", problem: .needs("a weight"))),
        (
            "fix four weight 70",
            .badArguments(
                command: "fix",
                problem: .notOneOf(
                    word: "four", what: "a row's address", choices: ["LINE", "LINE.K", "FILE:LINE", "FILE:LINE.K"]))
        ),
        (
            // A word could be a kind's, which the session knows; one no kind's word can be is refused here.
            "fix 4 kilo2 70",
            .badArguments(
                command: "fix",
                problem: .notOneOf(
                    word: "kilo2", what: "a field", choices: ["weight", "date", "note", "KIND", "skip", "reset"]))
        ),
        ("fix 4 skip now", .badArguments(command: "fix", problem: .tooManyWords(max: 2))),
        (
            "fix 1.2.3 skip",
            .badArguments(
                command: "fix",
                problem: .notOneOf(
                    word: "1.2.3", what: "a row's address", choices: ["LINE", "LINE.K", "FILE:LINE", "FILE:LINE.K"]))
        ),
        (
            "fix 1. skip",
            .badArguments(
                command: "fix",
                problem: .notOneOf(
                    word: "1.", what: "a row's address", choices: ["LINE", "LINE.K", "FILE:LINE", "FILE:LINE.K"]))
        ),
        (
            "fix w.csv:1.0 skip",
            .badArguments(
                command: "fix",
                problem: .notOneOf(
                    word: "w.csv:1.0", what: "a row's address",
                    choices: ["LINE", "LINE.K", "FILE:LINE", "FILE:LINE.K"]))
        ),
        (
            "fix w.csv.2 skip",
            .badArguments(
                command: "fix",
                problem: .notOneOf(
                    word: "w.csv.2", what: "a row's address", choices: ["LINE", "LINE.K", "FILE:LINE", "FILE:LINE.K"]))
        ),
        ("export", .badArguments(command: "export", problem: .needs("a format, csv or json"))),
        (
            "export xml",
            .badArguments(
                command: "export", problem: .notOneOf(word: "xml", what: "a format", choices: ["csv", "json"]))
        ),
        ("export csv a b", .badArguments(command: "export", problem: .atMostOne("file name"))),
        ("quit now", .badArguments(command: "quit", problem: .takesNoArguments)),
        ("exit now", .badArguments(command: "quit", problem: .takesNoArguments)),
        ("edit", .badArguments(command: "edit", problem: .needsOneEntryNumber)),
        ("edit 1 2", .badArguments(command: "edit", problem: .needsOneEntryNumber)),
        ("edit x", .badArguments(command: "edit", problem: .notAnEntryNumber("x"))),
        ("edit 0", .badArguments(command: "edit", problem: .notAnEntryNumber("0"))),
        ("edit -1", .badArguments(command: "edit", problem: .notAnEntryNumber("-1"))),
        ("edit +1", .badArguments(command: "edit", problem: .notAnEntryNumber("+1"))),
        (
            "delete 99999999999999999999",
            .badArguments(command: "delete", problem: .notAnEntryNumber("99999999999999999999"))
        ),
        ("value", .badArguments(command: "value", problem: .needs("a weight"))),
        ("value   ", .badArguments(command: "value", problem: .needs("a weight"))),
        ("date", .badArguments(command: "date", problem: .needs("a date"))),
        ("list 0", .badArguments(command: "list", problem: .notACount("0"))),
        ("list -5", .badArguments(command: "list", problem: .notACount("-5"))),
        ("list 1 2", .badArguments(command: "list", problem: .notACount("1 2"))),
        ("history x", .badArguments(command: "history", problem: .notACount("x"))),
        ("unit stone", .badArguments(command: "unit", problem: .notAUnit("stone"))),
        ("unit kg lb", .badArguments(command: "unit", problem: .notAUnit("kg lb"))),
        ("unit kgs", .badArguments(command: "unit", problem: .notAUnit("kgs"))),
        ("unit waist in cm", .badArguments(command: "unit", problem: .tooManyWords(max: 2))),
        ("help save list", .badArguments(command: "help", problem: .atMostOne("command name"))),
        ("help \"save", .unclosedQuote(command: "help")),
        (
            "set colour blue",
            .badArguments(
                command: "set",
                problem: .notOneOf(
                    word: "colour", what: "a setting",
                    choices: [
                        "unit", "goal", "chart-style", "height", "muscle-unit", "bone-unit", "waist-unit", "hip-unit",
                    ]))
        ),
        ("set unit", .badArguments(command: "set", problem: .needs("a value"))),
        (
            "simulate save-failure twice",
            .badArguments(
                command: "simulate",
                problem: .notOneOf(
                    word: "twice", what: "once, always or a feature",
                    choices: ["once", "always", "weights", "trend", "habits"]))
        ),
        (
            "simulate explode",
            .badArguments(
                command: "simulate",
                problem: .notOneOf(
                    word: "explode", what: "something simulate can do",
                    choices: ["save-failure", "open-failure", "refresh-failure", "off"]))
        ),
        ("simulate off now", .badArguments(command: "simulate", problem: .tooManyWords(max: 2))),
        ("done Read 10 pages", .badArguments(command: "done", problem: .quoteNames)),
        ("done", .badArguments(command: "done", problem: .needsAName)),
        ("done \"Read 10 pages", .unclosedQuote(command: "done")),
        ("rename Run", .badArguments(command: "rename", problem: .needs("a name and a new name"))),
        ("delete habit", .badArguments(command: "delete", problem: .needsAName)),
        ("name", .badArguments(command: "name", problem: .needs("a name"))),
    ])
    func aMalformedLineIsAParseError(line: String, error: ParseError) {
        #expect(throws: error) { try CommandParser.parse(line) }
    }

    @Test(arguments: [
        (ParseError.unknownCommand("frobnicate"), "Unknown command \"frobnicate\". Type \"help\" to see the commands."),
        (.unknownCommand("sav"), "Unknown command \"sav\". Did you mean \"save\"? Type \"help\" to see the commands."),
        (.unknownCommand("LST"), "Unknown command \"LST\". Did you mean \"list\"? Type \"help\" to see the commands."),
        (.unknownCommand("q"), "Unknown command \"q\". Did you mean \"quit\"? Type \"help\" to see the commands."),
        (
            .unknownCommand("vaule"),
            "Unknown command \"vaule\". Did you mean \"value\"? Type \"help\" to see the commands."
        ),
        (
            .unknownCommand("lsit"),
            "Unknown command \"lsit\". Did you mean \"list\"? Type \"help\" to see the commands."
        ),
        (
            .badArguments(command: "unit", problem: .notAUnit("stone")),
            "\"stone\" is not a unit; use kg, lb or st. Usage: unit [kg|lb|st] | unit KIND [UNIT]"
        ),
        (
            .badArguments(command: "edit", problem: .needsOneEntryNumber),
            "edit needs one entry number. Usage: edit ID"
        ),
        (
            .unclosedQuote(command: "help"),
            "A double quote is not closed. Close it, or type \\\" for a quote inside quotes. Usage: help [COMMAND]"
        ),
    ])
    func aParseErrorReadsAsASentenceWithTheUsage(error: ParseError, message: String) {
        #expect(Messages.parseError(error) == message)
    }

    @Test func aSwapOfTwoNeighbouringLettersCountsAsOneEdit() {
        #expect(EditDistance.damerauLevenshtein("vaule", "value") == 1)
        #expect(EditDistance.damerauLevenshtein("value", "value") == 0)
        #expect(EditDistance.damerauLevenshtein("", "abc") == 3)
        #expect(EditDistance.damerauLevenshtein("ca", "abc") == 3)
        #expect(EditDistance.damerauLevenshtein("kitten", "sitting") == 3)
    }

    @Test(arguments: [
        ("one two", ["one", "two"]),
        ("\"Read 10 pages\" yesterday", ["Read 10 pages", "yesterday"]),
        ("\"say \\\"hi\\\"\" x", ["say \"hi\"", "x"]),
        ("\"back\\\\slash\"", ["back\\slash"]),
        ("  spaced   out  ", ["spaced", "out"]),
        ("\"\"", [""]),
        ("it's", ["it's"]),
        // A quote or a space followed by a combining mark is one character but still a quote
        // or a space (found by fuzz/Targets/command).
        ("\"\u{0597}a b\" x", ["\u{0597}a b", "x"]),
        ("a \u{0301}b", ["a", "\u{0301}b"]),
    ])
    func wordsSplitOnSpacesAndKeepQuotedSpaces(text: String, words: [String]) {
        #expect(Tokenizer.words(in: text) == .words(words))
    }

    @Test func anUnclosedQuoteIsOneClearError() {
        #expect(Tokenizer.words(in: "\"Read 10 pages") == .unclosedQuote)
        #expect(Tokenizer.words(in: "\"ends in a backslash\\") == .unclosedQuote)
    }

    @Test(arguments: [
        ("Read", "Read"), ("Read 10 pages", "\"Read 10 pages\""), ("say \"hi\"", "\"say \\\"hi\\\"\""),
        ("\u{0597}\u{0}n\\\"", "\"\u{0597}\u{0}n\\\\\\\"\""), ("a \u{0301}b", "\"a \u{0301}b\""),
    ])
    func aNameIsQuotedOnlyWhenItNeedsQuotes(name: String, typed: String) {
        #expect(Tokenizer.quoted(name) == typed)
        #expect(Tokenizer.words(in: typed) == .words([name]))
    }

    @Test func everyCommandParsesByNameAndAlias() throws {
        let neededArgument = [
            "value": " 75", "date": " today", "edit": " 1", "delete": " 1", "set": " unit kg", "name": " Run",
            "done": " Run", "undone": " Run", "rename": " Run Walk", "import": " a.csv", "fix": " 4 skip",
            "export": " csv", "amend": " 1 note x", "measure": " weight 75", "unshare": " coach",
        ]
        for declaration in CommandTable.declarations {
            for name in [declaration.name] + declaration.aliases {
                let line = name + (neededArgument[declaration.name] ?? "")
                #expect(try CommandParser.parse(line)?.name == declaration.name, "\(line)")
            }
        }
    }

    @Test func everyCommandsExampleParses() throws {
        for declaration in CommandTable.declarations {
            #expect(try CommandParser.parse(declaration.example) != nil, "\(declaration.example)")
        }
    }

    @Test func noTwoCommandsShareANameOrAlias() {
        let names = CommandTable.allNames
        #expect(Set(names).count == names.count)
    }
}
