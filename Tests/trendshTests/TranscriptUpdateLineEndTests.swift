import Testing
import TrendshTestSupport

/// `--check --update` keeps a transcript's line ends: a CRLF file stays CRLF, an LF file LF,
/// and a file that mixes them is written with the line end most of its lines have (LF when
/// they are even).
@Suite struct TranscriptUpdateLineEndTests {
    let shell = Shell()

    /// A lesson whose expected output is out of date, one line per element.
    static let stale = [
        "# now: 2026-11-29T08:00:00Z", "# A draft is not an entry.", "trendsh> value 75", "value: 74", "",
        "trendsh> save", "Saved #1: 74.0 kg on 2026-11-29 08:00.",
    ]
    /// The same lesson as `--update` brings it up to date.
    static let updated = [
        "# now: 2026-11-29T08:00:00Z", "# A draft is not an entry.", "trendsh> value 75", "value: 75", "",
        "trendsh> save", "Saved #1: 75.0 kg on 2026-11-29 08:00.",
    ]

    /// Writes `lines`, each followed by the line end of the same index, and runs
    /// `--check --update` on the file; returns the bytes it holds afterwards.
    func update(_ lines: [String], ends: [String]) throws -> [UInt8] {
        let text = zip(lines, ends).map { $0 + $1 }.joined()
        let path = shell.home.write(text, to: "lesson.transcript")
        let result = shell.run(arguments: ["--check", "--update", path])
        #expect(result.stdout.contains("updated: \(path)"), "\(result.stdout)\(result.stderr)")
        #expect(result.status == 0)
        let check = shell.run(arguments: ["--check", path])
        #expect(check.status == 0, "the updated file passes: \(check.stdout)")
        return try #require(fileBytes(path))
    }

    static func text(_ lines: [String], ending lineEnd: String) -> [UInt8] {
        Array(lines.map { $0 + lineEnd }.joined().utf8)
    }

    @Test func aCRLFTranscriptStaysCRLF() throws {
        let bytes = try update(Self.stale, ends: Array(repeating: "\r\n", count: Self.stale.count))
        #expect(
            bytes == Self.text(Self.updated, ending: "\r\n"),
            "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }

    @Test func anLFTranscriptStaysLF() throws {
        let bytes = try update(Self.stale, ends: Array(repeating: "\n", count: Self.stale.count))
        #expect(bytes == Self.text(Self.updated, ending: "\n"))
    }

    @Test(arguments: [
        (crlfLines: 5, lineEnd: "\r\n"), (crlfLines: 2, lineEnd: "\n"), (crlfLines: 0, lineEnd: "\n"),
    ])
    func aTranscriptThatMixesLineEndsIsWrittenWithTheOneMostOfItsLinesHave(crlfLines: Int, lineEnd: String) throws {
        let ends = (0..<Self.stale.count).map { $0 < crlfLines ? "\r\n" : "\n" }
        let bytes = try update(Self.stale, ends: ends)
        #expect(
            bytes == Self.text(Self.updated, ending: lineEnd),
            "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
}
