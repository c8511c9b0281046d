import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// docs/schema.md's queries, each run as it stands by `sqlite3 -readonly` on a store trendsh
/// wrote: weigh-ins with a weight, with a weight and other measurements, and with a waist
/// alone, and a goal. Each must run, and those that count or average weights must leave out the
/// weigh-ins without one.
@Suite struct SchemaQueriesTests {
    /// The page's `sql` blocks, in order.
    static func queries() throws -> [String] {
        let page = try #require(readText(Repository.root + "/docs/schema.md"))
        var blocks: [String] = []
        var current: [Substring]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```sql" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    static let sqlite3 = OtherProgram.commandLineShell

    @Test func everyQueryOfTheSchemaPageRunsOnAStoreWithWeighInsWithoutAWeight() throws {
        let sqlite3 = try #require(Self.sqlite3, "sqlite3 is installed by .ci/run")
        let home = TemporaryDirectory()
        defer { home.remove() }
        let store = home.file("s.sqlite")
        let commands = [
            "value 80", "date 2026-11-23 07:00", "note after run", "save",
            "value 79", "fat 21.5", "waist 82", "date 2026-11-24 07:00", "save",
            "waist 81", "date 2026-11-25 07:00", "save",
            "new habit", "name Walk", "save", "done Walk", "goal 70",
        ]
        let made = TrendshProcess.run(
            ["--store", store, "--now", Fixtures.lessonNow], input: commands.map { $0 + "\n" }.joined(),
            environment: TrendshProcess.environment(home: home.path))
        #expect(made.status == 0, "\(made.stderr)")
        let queries = try Self.queries()
        #expect(queries.count >= 10)
        var outputs: [String] = []
        for query in queries {
            let result = TrendshProcess.run(
                ["-readonly", "-bail", store], input: query, environment: ["TZ": "UTC"], program: sqlite3)
            #expect(result.status == 0, "\(query)\n\(result.stderr)")
            #expect(result.stderr == "", "\(query)")
            outputs.append(result.stdout)
        }
        // The latest weight, not the latest weigh-in (a waist alone).
        #expect(outputs[0] == "2|2026-11-24 07:00:00|79.0|\n")
        // Weekly means count the two weights only.
        #expect(outputs[1] == "2026-11-23|79.5|2\n")
        // Each weigh-in with its body fat and waist, the one without a weight included.
        let joined = try #require(queries.firstIndex { $0.contains("LEFT JOIN measurements fat") })
        #expect(
            outputs[joined]
                == "1|2026-11-23 07:00:00|80.0||\n2|2026-11-24 07:00:00|79.0|21.5|82.0\n3|2026-11-25 07:00:00|||81.0\n")
        let masses = try #require(queries.firstIndex { $0.contains("lean_kg") })
        #expect(outputs[masses] == "2|2026-11-24|17.0|62.0\n")
        let counts = try #require(queries.firstIndex { $0.contains("values_kept") })
        #expect(outputs[counts] == "weight|2\nfat|1\nwaist|2\n")
        let settings = try #require(queries.firstIndex { $0.contains("FROM settings") })
        #expect(outputs[settings] == "me|goal|70.0 kg|2026-11-29 08:00:00\n")
    }
}

/// The whole of a text file, or nil when it cannot be read.
private func readText(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
