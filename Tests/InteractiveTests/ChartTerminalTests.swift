import Testing
import TrendshTestSupport

extension InteractiveShell {
    /// The chart on a terminal: as wide as the window, box characters in a UTF-8 locale, and
    /// floats and sinkers in colour unless colour is switched off.
    @Suite struct ChartTerminalTests {
        static let now = ["--now", "2026-11-29T08:00:00Z"]

        /// A home whose default store holds two weeks of weigh-ins.
        static func seededHome() -> TemporaryDirectory {
            let home = TemporaryDirectory()
            let lines = (0..<14).reversed().flatMap { daysAgo in
                ["value \(80 + (daysAgo % 3 == 0 ? 0.8 : -0.4) - Double(14 - daysAgo) * 0.1)"]
                    + (daysAgo > 0 ? ["date -\(daysAgo)d"] : []) + ["save"]
            }
            let seeded = TrendshProcess.run(
                now, input: lines.map { $0 + "\n" }.joined(), environment: TrendshProcess.environment(home: home.path))
            #expect(seeded.status == 0, "\(seeded.stderr)")
            return home
        }

        static func chartLines(_ screen: TerminalScreen) -> [String] {
            guard let title = screen.lines.lastIndex(where: { $0.hasPrefix("Weight and trend") }) else { return [] }
            return Array(screen.lines[(title + 1)...].prefix { !$0.hasPrefix("● day's weight") })
        }

        @Test func aChartFillsTheWindowWithBoxCharactersAndColour() async throws {
            let home = Self.seededHome()
            defer { home.remove() }
            let terminal = try PseudoTerminal(
                arguments: Self.now, environment: Fixtures.environment(home: home), columns: 100, rows: 50)
            try await terminal.waitForPrompt(Fixtures.prompt)
            try await terminal.run("chart 14", expecting: "● day's weight", prompt: Fixtures.prompt)
            let lines = Self.chartLines(terminal.screen)
            #expect(lines.count == 18, "\(terminal.screen.lines)")
            #expect(lines.map(\.count).max() == 100)
            #expect(lines.contains { $0.contains("┤") } && lines.contains { $0.contains("●") })
            #expect(terminal.rawText.contains("\u{1B}[31m●") || terminal.rawText.contains("\u{1B}[32m●"))
            #expect(try await terminal.quit() == 0)
        }

        @Test func withNoColourTheChartIsStillDrawnButNeverPainted() async throws {
            let home = Self.seededHome()
            defer { home.remove() }
            let terminal = try PseudoTerminal(
                arguments: Self.now, environment: Fixtures.environment(home: home, ["NO_COLOR": "1", "COLUMNS": "60"]),
                columns: 100, rows: 50)
            try await terminal.waitForPrompt(Fixtures.prompt)
            try await terminal.run("chart 14", expecting: "● day's weight", prompt: Fixtures.prompt)
            let lines = Self.chartLines(terminal.screen)
            #expect(lines.map(\.count).max() == 60, "COLUMNS comes before the window's width")
            #expect(lines.contains { $0.contains("●") })
            #expect(!TerminalScreen.containsColour(terminal.rawText))
            #expect(try await terminal.quit() == 0)
        }

        /// `TERM=dumb` asks for no drawing characters and no colour: the chart is drawn in
        /// plain ASCII, even in a UTF-8 locale.
        @Test func aDumbTerminalGetsThePlainASCIIChart() async throws {
            let home = Self.seededHome()
            defer { home.remove() }
            let terminal = try PseudoTerminal(
                arguments: Self.now, environment: Fixtures.environment(home: home, ["TERM": "dumb"]), columns: 80,
                rows: 50)
            try await terminal.waitForPrompt(Fixtures.prompt)
            try await terminal.run("chart 14", expecting: "o day's weight", prompt: Fixtures.prompt)
            let title = try #require(terminal.screen.lines.lastIndex { $0.hasPrefix("Weight and trend") })
            let chart = terminal.screen.lines[title...].prefix { !$0.hasPrefix("o day's weight") }
            #expect(chart.count > 10, "\(terminal.screen.lines)")
            #expect(chart.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(chart)")
            #expect(chart.contains { $0.contains("o") })
            #expect(!TerminalScreen.containsColour(terminal.rawText))
            #expect(try await terminal.quit() == 0)
        }
    }
}
