import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// SIGKILL at random moments while piped saves run: every acknowledged save is in the store,
/// every acknowledged keystroke survives (saved, or restored and then saved), nothing is
/// stored twice, and the store stays sound.
@Suite struct KillLoopTests {
    static let kills = 80
    static let savesPerSession = 25

    @Test func randomKillsLoseNoAcknowledgedSaveAndDuplicateNothing() throws {
        let fixture = try StoreFixture()
        var random = SeededGenerator(seed: UInt64(UInt32(truncatingIfNeeded: getpid())) &* 0x1000_0001 | 1)
        let seed = random.state
        /// The weight each acknowledged entry was last reported saved with, by id.
        var acknowledged: [Int64: String] = [:]
        /// Every weight whose `value` command was acknowledged: each one is a draft of its own.
        var acknowledgedValues: Set<String> = []
        var typed = 0
        var killedMidway = 0

        for round in 0..<Self.kills {
            // Each session first saves whatever draft the last kill left behind.
            var lines = ["save"]
            for _ in 0..<Self.savesPerSession {
                lines += ["value \(weight(typed))", "save"]
                typed += 1
            }
            let shell = fixture.start()
            shell.send(lines)
            // A third of the kills land while the shell starts, the rest among the saves.
            if round % 3 != 0 { try shell.waitForFirstOutput() }
            usleep(UInt32(random.next() % 30_001))
            let end = shell.finish(killingWith: SIGKILL)
            if end.status == 128 + SIGKILL { killedMidway += 1 }
            for line in end.output.stdout.split(separator: "\n") {
                if line.hasPrefix("value: ") { acknowledgedValues.insert(String(line.dropFirst(7))) }
                guard let (id, weight) = savedEntry(in: line) else { continue }
                acknowledged[id] = weight
            }
        }
        // The last kill's draft, if any, is saved by the next session.
        let after = fixture.run(["save", "status"])
        #expect(after.stdout.contains("weights: ready"), "the store opens cleanly after the kills")

        let stored = try fixture.entries()
        let byID = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(killedMidway == Self.kills, "only \(killedMidway) sessions were still running when killed")
        #expect(try fixture.integrity() == "ok", "seed \(seed)")
        for (id, weight) in acknowledged {
            #expect(
                byID[id].map { format($0.kilograms) } == weight,
                "acknowledged #\(id) \(weight) kg is missing; seed \(seed)")
        }
        #expect(Set(stored.compactMap(\.draftID)).count == stored.count, "a draft was stored twice; seed \(seed)")
        #expect(
            Set(stored.map { format($0.kilograms) }).count == stored.count, "a weight was stored twice; seed \(seed)")
        let storedWeights = Set(stored.map { format($0.kilograms) })
        let lost = acknowledgedValues.subtracting(storedWeights).sorted()
        #expect(lost.isEmpty, "acknowledged values never stored: \(lost); seed \(seed)")
        #expect(stored.allSatisfy { $0.draftID != nil })
        #expect(stored.count <= typed)
    }

    /// A distinct weight for every typed value: 30.0, 30.1, …
    private func weight(_ index: Int) -> String { "\(30 + index / 10).\(index % 10)" }

    private func format(_ kilograms: Double) -> String {
        let tenths = Int((kilograms * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `Saved #12: 75.3 kg on …` → (12, "75.3").
    private func savedEntry(in line: Substring) -> (Int64, String)? {
        guard line.hasPrefix("Saved #"), let colon = line.firstIndex(of: ":") else { return nil }
        guard let id = Int64(line[line.index(line.startIndex, offsetBy: 7)..<colon]) else { return nil }
        let words = line[line.index(after: colon)...].split(separator: " ")
        guard words.count >= 2, words[1] == "kg" else { return nil }
        return (id, String(words[0]))
    }
}
