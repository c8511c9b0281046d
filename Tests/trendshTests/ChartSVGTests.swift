import Testing
import TrendshTestSupport

@testable import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// `chart --svg FILE`: the same chart as a standalone SVG file, written as every file a
/// person names is (atomically, with the umask's mode, through a link they named), with
/// every note escaped.
struct ChartSVGTests {
    /// Two weeks of weights, one day with a note full of markup and control characters.
    static let twoWeeks: [String] =
        (0..<14).reversed().flatMap { daysAgo -> [String] in
            ["value \(80 - Double(14 - daysAgo) * 0.1 + (daysAgo % 2 == 0 ? 0.5 : -0.5))"]
                + (daysAgo > 0 ? ["date -\(daysAgo)d"] : []) + ["save"]
        } + ["edit 14", "note <b>big</b> & \"quoted\" 'too' \u{7}bell\u{1B}[31m", "save"]

    func svg(_ shell: Shell, _ lines: [String], name: String = "chart.svg") -> (ProcessResult, String?) {
        let path = shell.home.file(name)
        let result = TrendshProcess.run(
            [
                "-c", "umask 022; exec \"$@\"", "sh", TrendshProcess.binaryPath, "--store", shell.storePath, "--now",
                Fixtures.now,
            ],
            input: (lines + ["chart 30 --svg \(path)"]).map { $0 + "\n" }.joined(), environment: shell.environment,
            program: "/bin/sh")
        return (result, fileBytes(path).map { String(decoding: $0, as: UTF8.self) })
    }

    @Test func theFileIsAStandaloneSVGWithATitleAxesTheLegendAndEveryDay() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let (result, text) = svg(shell, Self.twoWeeks)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Wrote the chart of the last 30 days to \(shell.home.file("chart.svg")).\n"))
        let document = try #require(text)
        #expect(
            document.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(document.contains("<title>Weight and trend, 2026-10-31 to 2026-11-29 (kg)</title>"))
        #expect(document.contains("class=\"y-axis\"") && document.contains("class=\"x-axis\""))
        #expect(document.contains("class=\"legend\"") && document.contains(">trend</text>"))
        let circles = document.split(separator: "<circle ", omittingEmptySubsequences: false).count - 1
        #expect(circles == 14 + 2, "a dot a day, two in the legend")
        #expect(permissions(of: shell.home.file("chart.svg")) == 0o644)
    }

    @Test func theFileParsesAsXMLWithEveryTagClosedInOrder() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let (result, _) = svg(shell, Self.twoWeeks)
        #expect(result.status == 0, "\(result.stderr)")
        // trendsh's own streaming XML reader: it refuses any entity but XML's five, so a
        // note escaped wrongly fails here too.
        let reader = XMLReader(stream: try ByteStream(path: shell.home.file("chart.svg")))
        var open: [String] = []
        var seen: [String] = []
        var roots = 0
        while true {
            let event = try reader.next()
            if event == .done { break }
            let name = String(decoding: reader.name, as: UTF8.self)
            switch event {
            case .start:
                if open.isEmpty { roots += 1 }
                seen.append(name)
                // An empty-element tag (`<circle … />`) has no end tag of its own.
                if !["line", "circle", "rect", "polyline"].contains(name) { open.append(name) }
            case .end:
                #expect(open.popLast() == name, "</\(name)> closes the wrong tag")
            case .done: break
            }
        }
        #expect(open.isEmpty)
        #expect(roots == 1 && seen.first == "svg")
        #expect(seen.filter { $0 == "title" }.count == 1 + 14, "the document's title and one for each day")
        #expect(seen.contains("polyline") && seen.contains("text"))
    }

    @Test func notesAreEscapedForXMLAndControlCharactersShownAsEscapes() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let (_, text) = svg(shell, Self.twoWeeks)
        let document = try #require(text)
        #expect(
            document.contains(
                "&lt;b&gt;big&lt;/b&gt; &amp; &quot;quoted&quot; &apos;too&apos; \\u{7}bell\\e[31m</title>"))
        #expect(!document.contains("<b>"))
        #expect(!document.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func aLinkThePersonNamedIsFollowedAndAnOldFileReplaced() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        let target = shell.home.write("old", to: "real.svg", mode: 0o600)
        #expect(symlink(target, shell.home.file("link.svg")) == 0)
        let (result, _) = svg(shell, Self.twoWeeks, name: "link.svg")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fileBytes(target).map { String(decoding: $0, as: UTF8.self) }?.hasPrefix("<?xml") == true)
        var status = stat()
        #expect(lstat(shell.home.file("link.svg"), &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
    }

    @Test func aFileThatCannotBeWrittenIsAnErrorThatSaysWhy() {
        let shell = Shell()
        defer { shell.home.remove() }
        let (result, _) = svg(shell, Self.twoWeeks, name: "missing-folder/chart.svg")
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "error: The chart could not be written to \(shell.home.file("missing-folder/chart.svg")): no such file or directory. Nothing was written there."
            ), "\(result.stderr)")
    }

    @Test func tooFewWeighInsWriteNoFile() {
        let shell = Shell()
        defer { shell.home.remove() }
        let (result, text) = svg(shell, ["value 80", "save"])
        #expect(result.status == 1)
        #expect(text == nil)
        #expect(
            result.stderr.contains(
                "error: There is too little to chart, so \(shell.home.file("chart.svg")) was not written: 1 of the last 30 days had a weigh-in, and a chart needs 2."
            ))
    }

    @Test func aWeightThatReadsTheSameAsItsTrendIsDrawnOnTheLineNeitherFloatNorSinker() throws {
        let shell = Shell()
        defer { shell.home.remove() }
        // The first weigh-in is its own trend; the second is above it.
        let (result, text) = svg(shell, ["value 80", "date -1d", "save", "value 81", "save"])
        #expect(result.status == 0, "\(result.stderr)")
        let days = try #require(text?.components(separatedBy: "<g class=\"days\">").last)
        let fills = days.components(separatedBy: "<circle").dropFirst().prefix(2).map {
            $0.components(separatedBy: "fill=\"").dropFirst().first?.prefix(7)
        }
        #expect(fills == ["#000000", "#d62728"], "the first day is on its trend, the second a float")
    }

    @Test func tooFewWeighInsOverOneDaySayTheLastDayNotTheLastOneDays() {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(["value 80", "save", "chart 1"])
        #expect(
            result.stdout.hasSuffix(
                "Too few weigh-ins to chart: the last day had one, and a chart needs 2.\n"), "\(result.stdout)")
    }
}
