/// `--check --junit FILE`: the outcome of each transcript as a JUnit XML report in the
/// Ant/Jenkins schema (one `testsuite` inside `testsuites`, one `testcase` per transcript),
/// as cram's `--xunit-file` writes, so a course's CI shows each lesson.
struct JUnitReport: Equatable {
    /// What became of one transcript.
    enum Outcome: Equatable {
        case passed
        /// `--update` rewrote its expected output.
        case updated
        /// Its replay differed: `message` in a sentence, `details` the diff's lines.
        case failed(message: String, details: [String])
        /// It could not be checked at all: `unreadable` (not a transcript, a bad line), or
        /// `needs-server` (a server lesson checked without `--store` naming a server).
        case error(message: String, type: String)
    }

    struct Case: Equatable {
        /// The transcript's path as given.
        var path: String
        var outcome: Outcome
        /// Seconds its replay took.
        var seconds: Double
    }

    var cases: [Case] = []
    /// When the check began, as Ant writes it: ISO 8601, UTC, without a zone.
    var timestamp: String
    var hostname: String

    /// The report's text. Every string goes through `XMLText`, as a chart's SVG does: no
    /// control character, markup or character XML 1.0 forbids reaches the file from a transcript.
    var xml: String {
        let failures = cases.filter { if case .failed = $0.outcome { return true } else { return false } }.count
        let errors = cases.filter { if case .error = $0.outcome { return true } else { return false } }.count
        let total = Self.seconds(cases.reduce(0) { $0 + $1.seconds })
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)" time="\#(total)">"#,
            #"  <testsuite name="trendsh.check" package="trendsh" id="0" tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)" skipped="0" time="\#(total)" timestamp="\#(XMLText.escaped(timestamp))" hostname="\#(XMLText.escaped(hostname))">"#,
            "    <properties/>",
        ]
        for testCase in cases {
            let opening =
                #"    <testcase name="\#(XMLText.escaped(Self.name(of: testCase.path)))" classname="\#(XMLText.escaped(Self.className(of: testCase.path)))" time="\#(Self.seconds(testCase.seconds))""#
            switch testCase.outcome {
            case .passed, .updated:
                lines.append(opening + "/>")
            case .failed(let message, let details):
                lines.append(opening + ">")
                lines.append(
                    #"      <failure message="\#(XMLText.escaped(message))" type="mismatch">"#
                        + details.map { XMLText.escaped($0) }.joined(separator: "\n")
                        + "</failure>")
                lines.append("    </testcase>")
            case .error(let message, let type):
                lines.append(opening + ">")
                lines.append(#"      <error message="\#(XMLText.escaped(message))" type="\#(type)"/>"#)
                lines.append("    </testcase>")
            }
        }
        lines += ["    <system-out/>", "    <system-err/>", "  </testsuite>", "</testsuites>"]
        return lines.map { $0 + "\n" }.joined()
    }

    /// The lesson's name: the file's name without its folder and `.transcript`.
    static func name(of path: String) -> String {
        let file = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        return file.hasSuffix(".transcript") ? String(file.dropLast(".transcript".count)) : file
    }

    /// The folder as a dotted class name (`docs/tutorial` → `docs.tutorial`), or `transcripts`.
    static func className(of path: String) -> String {
        var parts = path.split(separator: "/").map(String.init).dropLast()
        parts = parts.drop { $0 == "." || $0 == ".." }
        return parts.isEmpty ? "transcripts" : parts.joined(separator: ".")
    }

    /// Seconds with three decimals, never in exponent form, as a cast writes its times.
    static func seconds(_ value: Double) -> String {
        Asciicast.seconds(value.isFinite ? Int((min(max(0, value), 1e9) * 1000).rounded()) : 0)
    }
}
