import Testing
import TrendshTestSupport

/// `--trace` and `trace on` through the built binary: the layers' lines go to standard error
/// only, leave standard output as it is without them, are the same on every run, and are
/// JSON objects in the JSON mode.
struct TraceCommandTests {
    static let weighIn = ["value 75.4", "simulate save-failure once", "save", "save", "amend 1 note after run", "undo"]

    static func traceLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix("trace: ") }
    }

    @Test func theTraceGoesToStandardErrorAndLeavesStandardOutputAsItIs() {
        let traced = Shell()
        let plain = Shell()
        defer {
            traced.home.remove()
            plain.home.remove()
        }
        let withTrace = traced.run(Self.weighIn, options: ["--trace"])
        let without = plain.run(Self.weighIn)

        #expect(Self.traceLines(withTrace.stdout).isEmpty, "\(withTrace)")
        #expect(withTrace.stdout == without.stdout)
        #expect(withTrace.status == without.status)
        let lines = Self.traceLines(withTrace.stderr)
        #expect(lines.contains("trace: store: COMMIT returns: the store confirms the transaction (8 rows written)"))
        #expect(lines.contains("trace: feature weights: publishes entry #1 at revision 1, as the store confirmed it"))
        #expect(lines.contains { $0.hasPrefix("trace: store: the write for weights does not begin") })
        #expect(
            lines.contains(
                "trace: pending changes: queues an undo of step 2, to be tried when the store can be written"))
        #expect(lines.contains("trace: feature history: publishes that step 2 is undone"))
        #expect(Self.traceLines(without.stderr).isEmpty, "no trace unless asked: \(without)")
    }

    @Test func theTraceIsTheSameOnEveryRunAndNamesNoIdentity() {
        let first = Shell()
        let second = Shell()
        defer {
            first.home.remove()
            second.home.remove()
        }
        let one = first.run(["trace on"] + Self.weighIn)
        let two = second.run(["trace on"] + Self.weighIn)
        #expect(Self.traceLines(one.stderr).count > 20)
        #expect(Self.traceLines(one.stderr) == Self.traceLines(two.stderr))
        // A draft's or an operation's identity is a UUID-like run of hex digits and dashes.
        #expect(one.stderr.firstMatch(of: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}/) == nil, "\(one.stderr)")
    }

    @Test func traceOffStopsIt() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["trace on", "trace", "trace off", "value 75", "save", "trace"])
        #expect(result.stdout.contains("The trace is on. \"trace off\" turns it off."), "\(result)")
        #expect(result.stdout.contains("The trace is off."))
        #expect(!result.stderr.contains("Saved"))
        #expect(!result.stderr.contains("trace: feature weights: publishes entry #1"), "\(result)")
    }

    @Test func inTheJSONModeEachTraceLineIsAnObjectPythonReads() {
        let shell = Shell()
        defer { shell.home.remove() }
        let reader = """
            import json, sys
            events = []
            for line in sys.stdin:
                o = json.loads(line)
                if o.get("schema") != "trendsh-trace":
                    continue
                assert o["version"] == 1 and set(o) >= {"layer", "event", "text"}, line
                events.append(o["event"])
            print(" ".join(events))
            """
        let result = TrendshProcess.run(
            [
                "-c", "\"$0\" \"$@\" 2>&1 >/dev/null | python3 -c '\(reader)'", TrendshProcess.binaryPath,
                "--store", shell.storePath, "--now", Fixtures.now, "--format", "json", "--trace",
            ],
            input: "value 75.4\nsave\n", environment: shell.environment, program: "/bin/sh")
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.contains(
                "draft-opened draft-kept file-written validated begin statements commit publish draft-closed file-written"
            ),
            "\(result)")
    }

    @Test func traceTurnedOnOverAnOpenDraftFirstTellsEveryFieldItKeeps() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["value 75", "trace on", "note after run", "note again"])
        let editor = Self.traceLines(result.stderr).filter { $0.hasPrefix("trace: editor: keeps") }
        #expect(
            editor == [
                "trace: editor: keeps date \"2026-11-29 08:00\", value \"75\", unit \"kg\", note \"after run\", as typed",
                "trace: editor: keeps note \"again\", as typed",
            ], "\(result)")
    }
}
