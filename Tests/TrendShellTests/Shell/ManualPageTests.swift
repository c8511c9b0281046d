import Testing

@testable import TrendShell

@Suite struct ManualPageTests {
    @Test(arguments: [
        ("--store", "\\-\\-store"),
        (#"\q"#, #"\eq"#),
        (".quit", "\\&.quit"),
        ("'quoted'", "\\&'quoted'"),
        ("a. b - c", "a. b \\- c"),
        ("two\nlines", "two lines"),
    ])
    func roffEscapesBackslashesHyphensAndALeadingDot(text: String, roff: String) {
        #expect(ManualPage.roff(text) == roff)
    }

    @Test func everyOptionAndEveryCommandIsOnThePage() {
        let page = ManualPage.text
        for declaration in Options.declarations {
            for name in declaration.names {
                #expect(page.contains("\\fB" + ManualPage.roff(name) + "\\fR"), "\(name)")
            }
            #expect(page.contains(ManualPage.roff(declaration.summary)), "\(declaration.names)")
        }
        for declaration in CommandTable.declarations {
            #expect(page.contains("\\fB" + ManualPage.roff(declaration.name) + "\\fR"), "\(declaration.name)")
            #expect(page.contains(ManualPage.roff(declaration.summary)), "\(declaration.name)")
        }
    }

    @Test func noLineStartsARequestByAccident() {
        let requests = [".\\\"", ".TH", ".SH", ".SS", ".TP", ".PP", ".B ", ".I ", ".BR", ".br", ".nf", ".fi"]
        for line in ManualPage.text.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(requests.contains { line.hasPrefix($0) }, "\(line)")
        }
    }

    @Test func exitStatusesAndFilesComeFromTheHelpLines() {
        let statuses = ManualPage.pairs(Options.exitStatusLines)
        #expect(statuses.first?.0 == "0")
        #expect(statuses.contains { $0.0 == "128+N" && $0.1.hasPrefix("the signal N") })
        #expect(ManualPage.pairs(Options.filesLines).allSatisfy { !$0.1.isEmpty })
    }
}
