import FoundationEssentials
import Testing
import TrendshTestSupport

@testable import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// The queue of changes waiting for the store and its file: the seed's policy for rapid
/// changes (coalesce a field to its latest value, queue the rest in the order typed, drop
/// nothing for equalling an earlier change), a copy on disk before each try, and a retry that
/// applies in order and stops where storage fails.
@MainActor
@Suite struct PendingChangesTests {
    static func amend(_ id: Int64, _ newValue: EntryAmendment.NewValue, text: String, from revision: Int64? = 1)
        -> PendingChange
    {
        .amend(
            EntryAmendment(
                id: id, newValue: newValue, expectedRevision: revision, operation: .make(),
                latestWeighingDate: Fixtures.now), text: text)
    }

    /// What each waiting change is, in order: `#1 value 76`.
    static func summary(_ pending: PendingChanges) -> [String] {
        pending.changes.map { change in
            switch change.action {
            case .amend(let amendment, let text): return "#\(amendment.id) \(amendment.field.rawValue) \(text)"
            case .undo(let step): return "undo \(step.map(String.init) ?? "newest")"
            case .redo(let step): return "redo \(step.map(String.init) ?? "next")"
            }
        }
    }

    @Test func aSecondChangeOfTheSameFieldReplacesTheFirstInItsPlaceAndOthersQueueInOrder() {
        let pending = PendingChanges(path: nil)
        let first = pending.add(Self.amend(1, .measure(.weight, 76), text: "76"))
        pending.add(Self.amend(2, .note("a"), text: "a"))
        pending.add(Self.amend(1, .note("b"), text: "b"))
        let latest = pending.add(Self.amend(1, .measure(.weight, 77), text: "77", from: 5))
        pending.add(Self.amend(3, .date(Fixtures.now), text: "today"))

        #expect(Self.summary(pending) == ["#1 value 77", "#2 note a", "#1 note b", "#3 date today"])
        #expect(latest.amendment?.replacedOperations == [first.id], "the replaced one may have landed")
        #expect(latest.amendment?.expectedRevision == 5, "judged against the revision it was typed against")
        #expect(pending.changes.first?.id == latest.id)
    }

    @Test func aChangeEqualToTheOneWaitingIsNeverDroppedAsADuplicate() {
        let pending = PendingChanges(path: nil)
        let first = pending.add(Self.amend(1, .measure(.weight, 76), text: "76"))
        let again = pending.add(Self.amend(1, .measure(.weight, 76), text: "76"))

        #expect(pending.changes == [again], "the latest typing waits, as its own change")
        #expect(again.id != first.id)
        #expect(again.amendment?.replacedOperations == [first.id])
    }

    @Test func anAmendQueuedBehindAnUndoDoesNotJumpAheadOfIt() {
        let pending = PendingChanges(path: nil)
        pending.add(Self.amend(1, .measure(.weight, 76), text: "76"))
        pending.add(.undo(step: 4))
        pending.add(Self.amend(1, .measure(.weight, 77), text: "77"))

        #expect(Self.summary(pending) == ["#1 value 76", "undo 4", "#1 value 77"])
    }

    @Test func theQueueRoundTripsThroughItsFileAndAnotherSessionCannotTakeIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.pending")
        let pending = PendingChanges(path: path)
        _ = pending.start { _ throws(TrendError) in false }
        let changes = [
            Self.amend(1, .measure(.weight, 165 * 0.453_592_37), text: "165 lb"),
            Self.amend(2, .note("line \"one\"\ttab"), text: "line \"one\"\ttab", from: nil),
            Self.amend(3, .date(Fixtures.now - Fixtures.day), text: "yesterday"),
            .undo(step: 12), .redo(step: nil),
        ]
        for change in changes { pending.add(change) }
        try pending.persist()
        #expect(pending.isOnDisk == true)
        #expect(PendingChanges(path: path).keeping == .anotherSession(path: path), "the lock is held")

        pending.release()
        #expect(pending.keeping == .leftForItsOwner(path: path))
        let next = PendingChanges(path: path)
        #expect(next.keeping == .file(path: path), "released, the lock is free at once")
        let report = next.start { _ throws(TrendError) in false }

        #expect(report.restored == changes)
        #expect(next.changes == changes)
        #expect(next.untouchedRestored == changes)
        #expect(!next.hasChangesFromThisRun, "restored and untouched: not this run's work")
        #expect(permissions(of: path) == 0o600)
    }

    /// The store the queue was typed against: a server's identity, once reached.
    final class Identity {
        var current: String?
        init(_ current: String?) { self.current = current }
    }

    @Test func aQueueTypedAgainstAnotherLogIsNeverAppliedThereAndItsFileIsLeftAsItWas() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("pg-host+5432+trend+me.pending")
        let identity = Identity("log-A")
        let pending = PendingChanges(path: path, logStamp: { LogStamp(store: identity.current) })
        _ = pending.start { _ throws(TrendError) in false }
        pending.add(Self.amend(1, .measure(.weight, 76), text: "76"))
        try pending.persist()
        pending.release()
        let written = try #require(fileBytes(path))

        // The same log again: restored.
        let same = PendingChanges(path: path, logStamp: { LogStamp(store: identity.current) })
        #expect(same.start { _ throws(TrendError) in false }.restored.count == 1)
        #expect(same.recheckStore() == nil)
        same.release()

        // Another log under the same name, known at start: nothing restored, the file untouched.
        identity.current = "log-B"
        let replaced = PendingChanges(path: path, logStamp: { LogStamp(store: identity.current) })
        let report = replaced.start { _ throws(TrendError) in false }
        #expect(report.restored.isEmpty)
        #expect(report.unreadable == .madeForAnotherStore(path: path))
        #expect(replaced.changes.isEmpty)
        replaced.add(Self.amend(2, .note("new"), text: "new"))
        try replaced.persist()
        let kept = fileBytes(path) == written
        #expect(kept, "a queue of another log is never written over")
        replaced.release()

        // Not known at start (the server was down): restored, then dropped on first contact.
        identity.current = nil
        let later = PendingChanges(path: path, logStamp: { LogStamp(store: identity.current) })
        #expect(later.start { _ throws(TrendError) in false }.restored.count == 1)
        #expect(later.awaitsTheStoresIdentity)
        let typedNow = later.add(Self.amend(3, .note("typed now"), text: "typed now"))
        identity.current = "log-B"
        #expect(later.recheckStore() == .madeForAnotherStore(path: path))
        #expect(later.changes == [typedNow], "only what this run typed is left, in memory")
        #expect(!later.awaitsTheStoresIdentity)
        try later.persist()
        let stillKept = fileBytes(path) == written
        #expect(stillKept)
    }

    /// Other suites spawn processes while this one runs, and a child holds a copy of every
    /// descriptor until its `exec`: the lock of a released queue must not stay held through it.
    @Test func aReleasedQueueLetsTheNextSessionTakeItsFileWhileACopyOfTheLockIsStillOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.pending")
        let pending = PendingChanges(path: path)
        let waiting = Self.amend(1, .note("waits"), text: "waits")
        _ = pending.start { _ throws(TrendError) in false }
        pending.add(waiting)
        try pending.persist()
        let lock = try #require(OpenDescriptors.descriptor(openOn: path + ".lock"))
        let copy = dup(lock)
        try #require(copy >= 0)
        defer { close(copy) }

        pending.release()
        let next = PendingChanges(path: path)
        let report = next.start { _ throws(TrendError) in false }

        #expect(next.keeping == .file(path: path))
        #expect(report.restored == [waiting])
    }

    @Test func startingDropsTheChangesTheStoreAlreadyAppliedAndKeepsTheRest() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.pending")
        let pending = PendingChanges(path: path)
        _ = pending.start { _ throws(TrendError) in false }
        let applied = Self.amend(1, .note("landed"), text: "landed")
        let waiting = Self.amend(2, .note("waits"), text: "waits")
        pending.add(applied)
        pending.add(waiting)
        try pending.persist()
        pending.release()

        let next = PendingChanges(path: path)
        #expect(next.keeping == .file(path: path), "\(next.keeping)")
        let report = next.start { operation throws(TrendError) in operation == applied.id }

        #expect(report.alreadyApplied == [applied])
        #expect(report.restored == [waiting])
        #expect(next.changes == [waiting])
        #expect(!next.isOnDisk, "the file still lists the applied one until the next write")
        try next.persist()
        #expect(next.isOnDisk)
    }

    @Test func whenTheStoreCannotSayWhatWasAppliedEverythingWaits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.pending")
        let pending = PendingChanges(path: path)
        _ = pending.start { _ throws(TrendError) in false }
        pending.add(Self.amend(1, .note("a"), text: "a"))
        try pending.persist()
        pending.release()

        let next = PendingChanges(path: path)
        let report = next.start { _ throws(TrendError) in throw .storage(.locked) }
        #expect(report.restored.count == 1)
    }

    @Test func aFileThatIsNotAQueueIsLeftAloneAndNeverWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Array("not a pending-changes file\n".utf8)
        let path = try directory.write(bytes, to: "trend.sqlite.pending")

        let pending = PendingChanges(path: path)
        let report = pending.start { _ throws(TrendError) in false }
        pending.add(Self.amend(1, .note("a"), text: "a"))
        try pending.persist()

        #expect(report.unreadable == .unreadable(path: path, problem: nil))
        #expect(fileBytes(path) == bytes)
        #expect(!pending.isOnDisk)
    }

    @Test func aRetryAppliesInOrderRemovesWhatARuleRefusesAndStopsWhereStorageFails() {
        let pending = PendingChanges(path: nil)
        let refused = pending.add(Self.amend(1, .note("gone"), text: "gone"))
        let applied = pending.add(Self.amend(2, .note("ok"), text: "ok"))
        let failing = pending.add(Self.amend(3, .note("fails"), text: "fails"))
        let behind = pending.add(Self.amend(4, .note("behind"), text: "behind"))
        var tried: [OperationID] = []

        let attempts = pending.retry { change throws(TrendError) in
            tried.append(change.id)
            switch change.id {
            case refused.id: throw .entries(.conflict(id: 1, current: nil))
            case failing.id: throw .storage(.diskFull)
            default:
                return .amended(AmendResult(id: 2, before: nil, entry: nil, revision: 2, alreadyApplied: false))
            }
        }

        #expect(tried == [refused.id, applied.id, failing.id], "nothing is tried past a storage failure")
        #expect(attempts.map(\.isKept) == [false, false, true])
        #expect(pending.changes == [failing, behind])
        #expect(pending.failures == [failing.id: .storage(.diskFull)])
    }

    /// Two amends of one entry typed one after the other: the second applies from the
    /// revision the first leaves, not from the one both were typed against.
    @Test func aChangeBehindAnAppliedOneOfTheSameEntryAppliesFromTheRevisionItLeft() {
        let pending = PendingChanges(path: nil)
        pending.add(Self.amend(1, .measure(.weight, 76), text: "76"))
        pending.add(Self.amend(1, .note("x"), text: "x"))
        pending.add(Self.amend(2, .note("y"), text: "y"))
        var revisions: [Int64?] = []

        _ = pending.retry { change throws(TrendError) in
            revisions.append(change.amendment?.expectedRevision)
            guard let amendment = change.amendment, revisions.count == 1 else { throw .storage(.locked) }
            return .amended(AmendResult(id: amendment.id, before: nil, entry: nil, revision: 2, alreadyApplied: false))
        }

        #expect(revisions == [1, 2])
        #expect(pending.changes.map { $0.amendment?.expectedRevision } == [2, 1])
    }

    @Test func onlyChangesThisRunTypedOrReplacedCountAsItsWork() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.pending")
        let earlier = PendingChanges(path: path)
        _ = earlier.start { _ throws(TrendError) in false }
        earlier.add(Self.amend(1, .note("a"), text: "a"))
        try earlier.persist()
        #expect(earlier.hasChangesFromThisRun == true)
        earlier.release()

        let pending = PendingChanges(path: path)
        let report = pending.start { _ throws(TrendError) in false }
        #expect(report.restored.count == 1, "the earlier run's change is restored")
        #expect(!pending.hasChangesFromThisRun)
        pending.add(Self.amend(1, .note("b"), text: "b"))
        #expect(pending.hasChangesFromThisRun, "replacing a restored change is this run's work")
        #expect(pending.untouchedRestored.isEmpty)
    }

    @Test func aRunThatLeavesTheFileToItsOwnerOnlyReadsWhatWaits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.pending")
        let owner = PendingChanges(path: path)
        _ = owner.start { _ throws(TrendError) in false }
        let waiting = Self.amend(1, .note("a"), text: "a")
        owner.add(waiting)
        try owner.persist()
        owner.release()
        let before = fileBytes(path)

        let oneShot = PendingChanges(path: path, restoring: false)
        let report = oneShot.start { _ throws(TrendError) in true }
        oneShot.add(Self.amend(2, .note("b"), text: "b"))
        try oneShot.persist()

        #expect(report.leftWaiting == [waiting])
        #expect(oneShot.changes.count == 1)
        #expect(fileBytes(path) == before, "byte for byte")
    }
}
