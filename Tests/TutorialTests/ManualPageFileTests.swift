import Testing
import TrendshTestSupport

/// docs/trendsh.1 is what `trendsh --manual` makes from the declarations, so the manual page
/// cannot drift from `--help` and `help`.
@Suite struct ManualPageFileTests {
    @Test func theCommittedManualPageIsWhatTheDeclarationsMake() throws {
        let home = TemporaryDirectory()
        let made = TrendshProcess.run(["--manual"], environment: TrendshProcess.environment(home: home.path))
        #expect(made.status == 0)
        let committed = try #require(TextFile.read(Repository.root + "/" + Fixtures.manualPage))
        #expect(
            committed == made.stdout,
            "\(Fixtures.manualPage) differs from what the declarations make: run \"make manual\" and commit it.")
    }

    @Test func theManualPageNamesEveryOptionInHelp() throws {
        let home = TemporaryDirectory()
        let environment = TrendshProcess.environment(home: home.path)
        let help = TrendshProcess.run(["--help"], environment: environment).stdout
        let page = TrendshProcess.run(["--manual"], environment: environment).stdout
        let options = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.map {
            String($0.dropFirst(2).prefix { $0 != " " && $0 != "," })
        }
        #expect(options.count >= 15, "\(options)")
        for option in options {
            #expect(page.contains("\\fB" + option.replacing("-", with: "\\-") + "\\fR"), "\(option)")
        }
    }
}
