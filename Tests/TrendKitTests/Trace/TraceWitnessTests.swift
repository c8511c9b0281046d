import CSQLite
import FoundationEssentials
import Testing

@testable import TrendKit

/// The trace's storage events checked against SQLite's own account of the connection: its
/// statement trace (`sqlite3_trace_v2`) and its commit and rollback hooks, which know nothing
/// of trendsh's trace. So the trace is what the store did, not a story told beside it.
@MainActor
@Suite struct TraceWitnessTests {
    /// What SQLite saw: each statement's text as it began, and, at each commit, how many
    /// trace events had been recorded by then.
    final class Witness {
        var statements: [String] = []
        var eventsAtCommit: [Int] = []
        var rollbacks = 0
        var events: [TraceEvent] = []
    }

    /// Watches `database` with SQLite's hooks; the witness must outlive the connection's use.
    static func watch(_ database: SQLiteDatabase, with witness: Witness) {
        let context = Unmanaged.passUnretained(witness).toOpaque()
        sqlite3_trace_v2(
            database.rawHandle, UInt32(SQLITE_TRACE_STMT),
            { _, context, _, text in
                guard let context, let text else { return 0 }
                let witness = Unmanaged<Witness>.fromOpaque(context).takeUnretainedValue()
                witness.statements.append(String(cString: text.assumingMemoryBound(to: CChar.self)))
                return 0
            }, context)
        sqlite3_commit_hook(
            database.rawHandle,
            { context in
                guard let context else { return 0 }
                let witness = Unmanaged<Witness>.fromOpaque(context).takeUnretainedValue()
                witness.eventsAtCommit.append(witness.events.count)
                return 0
            }, context)
        sqlite3_rollback_hook(
            database.rawHandle,
            { context in
                guard let context else { return }
                Unmanaged<Witness>.fromOpaque(context).takeUnretainedValue().rollbacks += 1
            }, context)
    }

    /// A store on a new file, its weights feature, and a witness on its open connection.
    static func setUp(in directory: TemporaryDirectory, faults: FaultInjector = FaultInjector()) throws -> (
        WeightLog, Witness
    ) {
        let store = Fixtures.store(at: directory.file("trend.sqlite"), faults: faults)
        let settings = SettingsFeature(store: InMemorySettingsStore())
        let log = WeightLog(
            repository: SQLWeightRepository(store: store), settings: settings, clock: Fixtures.clock,
            trace: store.trace)
        log.refresh()  // opens and migrates the store before the witness watches
        let witness = Witness()
        watch(try store.connectionForTests(), with: witness)
        store.trace.start { witness.events.append($0) }
        return (log, witness)
    }

    /// The statements SQLite ran inside each of its transactions, trigger programs left out
    /// (SQLite reports those as `-- TRIGGER name`), each read as the trace reads a statement.
    static func transactions(in statements: [String]) -> [(runs: [StatementRun], end: String)] {
        var found: [(runs: [StatementRun], end: String)] = []
        var current: [StatementRun]?
        for text in statements where !text.hasPrefix("--") {
            switch text {
            case "BEGIN IMMEDIATE": current = []
            case "COMMIT", "ROLLBACK":
                if let runs = current { found.append((runs, text)) }
                current = nil
            default:
                current?.append(StatementRun(sql: text))
            }
        }
        return found
    }

    /// Consecutive runs of one kind counted together, as the trace counts them.
    static func tallied(_ runs: [StatementRun]) -> [StatementRun] {
        let tally = StatementTally()
        for run in runs { tally.ran(run) }
        return tally.runs
    }

    static func draft(_ log: WeightLog, value: String) -> WeightEntryDraft {
        var draft = log.makeDraft()
        draft.value = value
        return draft
    }

    @Test func eachTracedTransactionIsOneSQLiteRanWithTheSameStatements() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (log, witness) = try Self.setUp(in: directory)

        _ = try log.save(Self.draft(log, value: "75.4"))
        _ = try log.save(Self.draft(log, value: "74.9"))
        guard case .created(let entry) = try log.save(Self.draft(log, value: "74.0")) else {
            Issue.record("the third save did not create an entry")
            return
        }
        _ = try log.delete(id: entry.id, expectedRevision: entry.revision)

        let seen = Self.transactions(in: witness.statements)
        let begun = witness.events.filter { if case .writeBegan = $0 { true } else { false } }
        let ran = witness.events.compactMap { if case .statementsRan(let runs) = $0 { runs } else { nil } }
        let committed = witness.events.filter { if case .committed = $0 { true } else { false } }
        #expect(seen.count == 4)
        #expect(begun.count == seen.count)
        #expect(committed.count == seen.filter { $0.end == "COMMIT" }.count)
        #expect(committed.count == witness.eventsAtCommit.count)
        #expect(ran == seen.map { Self.tallied($0.runs) })
        #expect(ran.allSatisfy { !$0.isEmpty })
    }

    /// The feature publishes only after SQLite's commit hook has run: `make mutation` swaps
    /// the publish and the commit in a scratch copy, and this test fails there.
    @Test func theFeaturePublishesOnlyAfterSQLiteCommits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (log, witness) = try Self.setUp(in: directory)

        _ = try log.save(Self.draft(log, value: "75.4"))

        let published = witness.events.firstIndex {
            if case .published(.weights, .entry) = $0 { true } else { false }
        }
        let publishedAt = try #require(published)
        let committedAt = try #require(witness.eventsAtCommit.first)
        #expect(publishedAt >= committedAt, "the feature published before SQLite committed")
        let commitEvent = witness.events.firstIndex { if case .committed = $0 { true } else { false } }
        #expect(commitEvent.map { $0 < publishedAt } == true)
    }

    @Test func aFailedWriteIsARollbackSQLiteSawAndSetsTheRetainedErrorAfterIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let faults = FaultInjector()
        let (log, witness) = try Self.setUp(in: directory, faults: faults)

        faults.failNextSave()
        #expect(throws: TrendError.self) { try log.save(Self.draft(log, value: "75.4")) }
        // A simulated failure stops the write before BEGIN: SQLite saw no transaction.
        #expect(Self.transactions(in: witness.statements).isEmpty)
        #expect(
            witness.events.contains { if case .writeRefused(.weights, .simulated(.save)) = $0 { true } else { false } })
        #expect(witness.events.last == .retainedError(.weights, .storage(.simulated(.save))))

        _ = try log.save(Self.draft(log, value: "75.4"))
        #expect(witness.eventsAtCommit.count == 1)
        #expect(witness.events.last == .retainedError(.weights, nil))
        #expect(witness.rollbacks == 0)
    }
}
