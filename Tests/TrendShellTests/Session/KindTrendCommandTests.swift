import FoundationEssentials
import Testing
import TrendKit
import TrendshTestSupport

@testable import TrendShell

/// `trend KIND`, `stats KIND` and `chart KIND` in process, for what the binary cannot reach
/// yet: a kind a person added without a trend.
@Suite @MainActor struct KindTrendCommandTests {
    let shell: SessionDriver
    var session: Session { shell.session }
    var output: CapturedOutput { shell.output }

    init() { shell = SessionDriver(clock: Fixtures.clock) }

    @Test func aKindKeptWithoutATrendIsRefusedWithASentenceByTrendStatsAndChart() {
        let neck = KindRecords.kind(
            id: KindID("neck"), name: "neck", quantity: .length, unit: .centimetres, range: 20...80, decimals: 1,
            hasTrend: false)
        session.weights.kinds.replaceAdded(with: [neck])
        for line in ["trend neck", "stats neck 30", "chart neck 30"] {
            #expect(shell.perform(line) == [.failed], "\(line)")
        }
        let sentence = "Neck is kept without a trend, so trend, stats and chart do not read it; list shows its values."
        #expect(output.text(of: .err) == String(repeating: "error: \(sentence)\n", count: 3))
        #expect(output.text(of: .out).isEmpty)
    }

    @Test func theKindWordIsParsedBeforeTheDaysAndTheChartsOptions() throws {
        #expect(try TrendCommands.parseChart(Arguments(command: "chart", rest: "fat 30 --width 72")).kind == "fat")
        #expect(try TrendCommands.parseChart(Arguments(command: "chart", rest: "fat 30 --width 72")).days == 30)
        #expect(try TrendCommands.parseChart(Arguments(command: "chart", rest: "45")).kind == nil)
        #expect(throws: ParseError.self) { try TrendCommands.parseChart(Arguments(command: "chart", rest: "30 fat")) }
    }
}
