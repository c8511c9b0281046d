import Testing
import TrendKit

@testable import TrendShell

@Suite struct CompleterTests {
    /// What `amend ID ` offers: the fields, then each built-in kind other than weight, read
    /// from the kinds' declarations.
    static let amendFields = ["value", "note", "date"] + MeasurementKind.builtIn.dropFirst().map(\.word)

    /// Entry ids as the weights feature holds them: newest first.
    static var completer: Completer {
        Completer(
            sources: CompletionSources(
                entryIDs: { [12, 3, 1] }, habitNames: { ["Read 10 pages", "Run", "say \"hi\""] }))
    }

    @Test(arguments: [
        (
            "",
            [
                "new", "show", "save", "cancel", "edit", "value", "note", "date", "list", "measure", "delete", "trend",
                "stats",
                "chart", "name", "habits", "done", "undone", "rename", "import", "fix", "export", "person", "people",
                "share", "unshare",
                "amend", "retry",
                "undo", "redo", "settings", "set", "unit", "goal", "help", "status", "refresh", "simulate", "history",
                "quit", "exit", "format", "trace",
            ]
        ),
        ("s", ["show", "save", "stats", "share", "settings", "set", "status", "simulate"]),
        ("sa", ["save"]),
        ("e", ["edit", "export", "exit"]),
        ("export ", ["csv", "json", "habits"]),
        ("export habits ", ["csv", "json"]),
        ("show ", ["all"]),
        ("d", ["date", "delete", "done"]),
        ("zz", []),
        ("unit ", ["kg", "lb", "st", "muscle", "bone", "waist", "hip"]),
        ("unit waist ", ["cm", "in"]),
        ("unit l", ["lb"]),
        ("UNIT ", ["kg", "lb", "st", "muscle", "bone", "waist", "hip"]),
        ("SA", ["save"]),
        ("unit K", ["kg"]),
        ("simulate SAVE-FAILURE ", ["once", "always", "weights", "trend", "habits"]),
        ("unit kg ", []),
        ("edit ", ["12", "3", "1"]),
        ("edit 1", ["12", "1"]),
        ("date ", ["today", "yesterday"]),
        ("amend ", ["12", "3", "1"]),
        ("amend 3 ", Self.amendFields),
        ("amend 3 n", ["note"]),
        ("amend 3 date ", ["today", "yesterday"]),
        ("amend 3 note ", []),
        ("undo ", ["list"]),
        ("redo ", []),
        ("date y", ["yesterday"]),
        (
            "help ",
            [
                "new", "show", "save", "cancel", "edit", "value", "note", "date", "list", "measure", "delete", "trend",
                "stats",
                "chart", "name", "habits", "done", "undone", "rename", "import", "fix", "export", "person", "people",
                "share", "unshare",
                "amend", "retry",
                "undo", "redo", "settings", "set", "unit", "goal", "help", "status", "refresh", "simulate", "history",
                "quit", "format", "trace",
            ]
        ),
        ("help s", ["show", "save", "stats", "share", "settings", "set", "status", "simulate"]),
        ("format ", ["text", "json", "csv"]),
        ("simulate ", ["save-failure", "open-failure", "refresh-failure", "off"]),
        ("simulate save-failure ", ["once", "always", "weights", "trend", "habits"]),
        ("simulate save-failure a", ["always"]),
        ("simulate save-failure once ", ["weights", "trend", "habits"]),
        ("simulate open-failure ", ["weights", "trend", "habits"]),
        ("simulate off ", []),
        ("set ", ["unit", "goal", "chart-style", "height", "muscle-unit", "bone-unit", "waist-unit", "hip-unit"]),
        ("set chart-style ", ["auto", "unicode", "ascii"]),
        ("set goal ", ["off"]),
        ("new ", ["weight", "habit"]),
        ("done ", ["\"Read 10 pages\"", "Run", "\"say \\\"hi\\\"\""]),
        ("done R", ["\"Read 10 pages\"", "Run"]),
        ("done \"R", ["\"Read 10 pages\""]),
        ("done Run ", ["today", "yesterday"]),
        ("rename ", ["\"Read 10 pages\"", "Run", "\"say \\\"hi\\\"\""]),
        ("delete habit ", ["\"Read 10 pages\"", "Run", "\"say \\\"hi\\\"\""]),
        ("delete ", ["12", "3", "1", "habit"]),
        ("value ", []),
        ("note ", []),
        ("bogus ", []),
    ])
    func theTextBeforeTheCursorOffersTheseCandidates(text: String, candidates: [String]) {
        #expect(Self.completer.complete(text).candidates == candidates)
    }

    @Test(arguments: [
        ("", ""),
        ("s", "s"),
        ("unit ", ""),
        ("unit l", "l"),
        ("simulate save-failure al", "al"),
    ])
    func theWordBeingCompletedIsTheLastPartialWord(text: String, word: String) {
        #expect(Self.completer.complete(text).word == word)
    }

    /// Found by fuzz/Targets/command.swift: the completer dropped the backslash of `\n` in
    /// quotes, which the parser keeps, so it completed a different word than is run.
    @Test(arguments: [
        #"done "a \n b" x"#, #"done "say \"hi\"" x"#, #"done "back\\slash" x"#, #"note "" x"#,
        #"rename "Read 10 pages" "x\y" x"#, "done \"\u{0597}a b\" x", "done a \u{0301}b x",
    ])
    func theCompleterSplitsCompleteWordsAsTheParserDoes(text: String) {
        guard case .words(let words) = Tokenizer.words(in: text) else {
            Issue.record("\(text) does not parse")
            return
        }
        let split = Completer.split(text)
        #expect(split.complete == Array(words.dropLast()))
        #expect(split.partial == "x")
    }

    @Test(arguments: [
        ("st", "at"),
        ("hi", "story"),
        ("s", ""),
        ("re", ""),
        ("ref", "resh"),
        ("ren", "ame"),
        ("sim", "ulate"),
        ("simulate s", "ave-failure"),
        ("set c", "hart-style"),
        ("simulate save-failure o", "nce"),
        ("edit 1", ""),
        ("zz", ""),
    ])
    func theCommonExtensionIsWhatEveryCandidateShares(text: String, extensionText: String) {
        #expect(Self.completer.complete(text).commonExtension == extensionText)
    }

    @Test func importOffersItsOptionsAndTheirValues() {
        let completer = Self.completer
        #expect(completer.complete("import w.csv --").candidates == ["--unit", "--dates", "--column"])
        #expect(completer.complete("import w.csv --dates ").candidates == ["day-first", "month-first"])
        #expect(completer.complete("import w.csv --unit ").candidates == ["kg", "lb"])
        #expect(completer.complete("import w.csv --column ").candidates == [])
    }

    @Test func entryIDsAreReadAgainAtEachCompletion() {
        let source = EntryIDSource()
        let completer = Completer(sources: CompletionSources(entryIDs: { source.ids }))
        source.ids = [2, 1]
        #expect(completer.complete("edit ").candidates == ["2", "1"])
        source.ids = []
        #expect(completer.complete("edit ").candidates == [])
    }

    @Test func measureOffersItsKeywordsAndTheKindsAddedAndRemoveOffersOnlyAddedOnes() {
        let completer = Completer(sources: CompletionSources(kindWords: { ["weight", "fat", "neck"] }))
        #expect(completer.complete("measure ").candidates == ["add", "remove", "list", "weight", "fat", "neck"])
        #expect(completer.complete("measure remove ").candidates == ["neck"])
        #expect(completer.complete("amend 1 n").candidates == ["note", "neck"])
    }
}

/// Ids that change between completions, as they do after a save or a delete.
private final class EntryIDSource {
    var ids: [Int64] = []
}
