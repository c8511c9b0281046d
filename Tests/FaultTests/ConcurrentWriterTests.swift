import Testing

/// Two trendsh processes writing to one store at once: SQLite's lock and the busy wait keep
/// every save, and none twice.
@Suite struct ConcurrentWriterTests {
    static let savesPerProcess = 200

    @Test func twoProcessesSaving200EntriesEachStoreExactly400More() throws {
        let fixture = try StoreFixture()
        try fixture.seedEntry("25")
        let writers = [30, 60].map { base in
            let writer = fixture.start(echo: false)
            writer.send((0..<Self.savesPerProcess).map { "value \(base + $0 / 10).\($0 % 10)\nsave\n" }.joined())
            return writer
        }
        for writer in writers { writer.closeInput() }
        let results = writers.map { $0.finish() }

        for (output, status) in results {
            #expect(
                output.stdout.split(separator: "\n").filter { $0.hasPrefix("Saved #") }.count == Self.savesPerProcess)
            #expect(!output.stderr.contains("error:"), "\(output.stderr)")
            #expect(status == 0)
        }
        let stored = try fixture.entries()
        #expect(stored.count == 1 + 2 * Self.savesPerProcess)
        #expect(Set(stored.map(\.kilograms)).count == stored.count, "no weight is stored twice")
        #expect(try fixture.integrity() == "ok")
    }

    /// Two sessions that open a new store at the same moment must both find it ready: the one
    /// that loses the race to create it must not see it half made.
    @Test
    func twoSessionsStartingOnANewStoreBothLoadIt() throws {
        for round in 0..<20 {
            let fixture = try StoreFixture()
            let sessions = (0..<2).map { _ in fixture.start(echo: false) }
            for session in sessions {
                session.send(["status"])
                session.closeInput()
            }
            for (output, _) in sessions.map({ $0.finish() }) {
                #expect(output.stdout.contains("weights: ready, 0 loaded"), "round \(round): \(output.stdout)")
            }
        }
    }
}
