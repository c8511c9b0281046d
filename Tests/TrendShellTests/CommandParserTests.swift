import Testing
import TrendKit
import TrendShell

@Suite struct CommandParserTests {
    @Test(arguments: [
        ("help", Command.help(topic: nil)),
        ("help save", .help(topic: "save")),
        ("HELP Save", .help(topic: "Save")),
        ("new", .new),
        ("edit 12", .edit(id: 12)),
        ("edit #12", .edit(id: 12)),
        ("delete 3", .delete(id: 3)),
        ("delete  #3 ", .delete(id: 3)),
        ("value 75", .value("75")),
        ("value   75,5  ", .value("75,5")),
        ("value abc", .value("abc")),
        ("value 75 kg # not a comment", .value("75 kg # not a comment")),
        ("VALUE 75", .value("75")),
        ("value\t75", .value("75")),
        ("note after run", .note("after run")),
        ("note   two   spaces   inside  ", .note("two   spaces   inside")),
        ("note \"quoted\" and 'single'", .note("\"quoted\" and 'single'")),
        ("note", .note("")),
        ("note    ", .note("")),
        ("date yesterday", .date("yesterday")),
        ("date 2026-11-28 07:30", .date("2026-11-28 07:30")),
        ("date   -3d ", .date("-3d")),
        ("show", .show),
        ("save", .save),
        ("  save  ", .save),
        ("cancel", .cancel),
        ("list", .list(count: 10)),
        ("list 5", .list(count: 5)),
        ("list 99999999", .list(count: 1_000_000)),
        ("unit", .unit(nil)),
        ("unit kg", .unit(.kilograms)),
        ("unit LB", .unit(.pounds)),
        ("refresh", .refresh),
        ("status", .status),
        ("simulate", .simulate(nil)),
        ("simulate save-failure", .simulate(.saveFailure(.once))),
        ("simulate save-failure once", .simulate(.saveFailure(.once))),
        ("simulate save-failure ALWAYS", .simulate(.saveFailure(.always))),
        ("simulate open-failure", .simulate(.openFailure)),
        ("simulate refresh-failure", .simulate(.refreshFailure)),
        ("simulate off", .simulate(.off)),
        ("history", .history(count: nil)),
        ("history 5", .history(count: 5)),
        ("quit", .quit),
        ("exit", .quit),
        ("Exit", .quit),
    ])
    func aLineBecomesItsCommand(line: String, command: Command) throws {
        #expect(try CommandParser.parse(line) == command)
    }

    @Test(arguments: ["", "   ", "\t", "# a comment", "   # indented comment", "#save"])
    func blankAndCommentLinesAreNoCommand(line: String) throws {
        #expect(try CommandParser.parse(line) == nil)
    }

    @Test(arguments: [
        ("frobnicate", ParseError.unknownCommand("frobnicate")),
        ("Sav 75", .unknownCommand("Sav")),
        ("new now", .badArguments(command: "new", problem: "new takes no arguments.")),
        ("save it", .badArguments(command: "save", problem: "save takes no arguments.")),
        ("quit now", .badArguments(command: "quit", problem: "quit takes no arguments.")),
        ("exit now", .badArguments(command: "quit", problem: "quit takes no arguments.")),
        ("edit", .badArguments(command: "edit", problem: "edit needs one entry number.")),
        ("edit 1 2", .badArguments(command: "edit", problem: "edit needs one entry number.")),
        ("edit x", .badArguments(command: "edit", problem: "\"x\" is not an entry number.")),
        ("edit 0", .badArguments(command: "edit", problem: "\"0\" is not an entry number.")),
        ("edit -1", .badArguments(command: "edit", problem: "\"-1\" is not an entry number.")),
        ("edit +1", .badArguments(command: "edit", problem: "\"+1\" is not an entry number.")),
        (
            "delete 99999999999999999999",
            .badArguments(command: "delete", problem: "\"99999999999999999999\" is not an entry number.")
        ),
        ("value", .badArguments(command: "value", problem: "value needs a weight.")),
        ("value   ", .badArguments(command: "value", problem: "value needs a weight.")),
        ("date", .badArguments(command: "date", problem: "date needs a date.")),
        ("list 0", .badArguments(command: "list", problem: "\"0\" is not a positive whole number.")),
        ("list -5", .badArguments(command: "list", problem: "\"-5\" is not a positive whole number.")),
        ("list 1 2", .badArguments(command: "list", problem: "\"1 2\" is not a positive whole number.")),
        ("history x", .badArguments(command: "history", problem: "\"x\" is not a positive whole number.")),
        ("unit stone", .badArguments(command: "unit", problem: "\"stone\" is not a unit; use kg or lb.")),
        ("unit kg lb", .badArguments(command: "unit", problem: "\"kg lb\" is not a unit; use kg or lb.")),
        ("help save list", .badArguments(command: "help", problem: "help takes at most one command name.")),
        (
            "simulate save-failure twice",
            .badArguments(command: "simulate", problem: "\"twice\" is not once or always.")
        ),
        (
            "simulate explode",
            .badArguments(command: "simulate", problem: "\"explode\" is not something simulate can do.")
        ),
        (
            "simulate off now",
            .badArguments(command: "simulate", problem: "\"off now\" is not something simulate can do.")
        ),
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
            .badArguments(command: "unit", problem: "\"stone\" is not a unit; use kg or lb."),
            "\"stone\" is not a unit; use kg or lb. Usage: unit [kg|lb]"
        ),
        (
            .badArguments(command: "edit", problem: "edit needs one entry number."),
            "edit needs one entry number. Usage: edit ID"
        ),
    ])
    func aParseErrorReadsAsASentenceWithTheUsage(error: ParseError, message: String) {
        #expect(error.message == message)
    }

    @Test func everyCommandInTheTableParsesByNameAndAlias() throws {
        let neededArgument = ["value": " 75", "date": " today", "edit": " 1", "delete": " 1"]
        for spec in CommandTable.specs {
            for name in [spec.name] + spec.aliases {
                let line = name + (neededArgument[spec.name] ?? "")
                #expect(try CommandParser.parse(line) != nil, "\(line)")
            }
        }
    }

    @Test func everyCommandsExampleParses() throws {
        for spec in CommandTable.specs {
            #expect(try CommandParser.parse(spec.example) != nil, "\(spec.example)")
        }
    }
}
