import Testing
import TrendKit
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The matrix for changes without a draft (issue 14): `amend`, `undo` and `redo`, each with
/// every fault class at its first write and again at its retry. The change is never reported
/// as done while the fault lasts; it waits as a pending change (in the pending-changes file,
/// or in memory where that file cannot be); `retry` applies it once, in the same session or
/// after a `kill -9` in the next; and the store stays sound.
extension FaultMatrixTests {
    @Test(arguments: MatrixCase.changes)
    func aFailedChangeWaitsAndTheRetryAppliesItOnce(_ cell: MatrixCase) throws {
        try Self.playChange(cell)
    }

    /// What the store holds before the change (kilograms of #1), and after it applies.
    static func weights(for site: FaultSite) -> (before: [Double], after: [Double]) {
        switch site.changeKind {
        case "undo": return ([80], [75])
        default: return ([75], [80])
        }
    }

    /// The line that says the change applied.
    static func appliedLine(for site: FaultSite) -> String {
        switch site.changeKind {
        case "amend": return "Amended #1: 80.0 kg on \(Fixtures.minute), no note."
        case "undo": return "Undid step 2: amended #1: value 80.0 kg (was 75.0 kg)."
        default: return "Redid step 2: amended #1: value 80.0 kg (was 75.0 kg)."
        }
    }

    /// The changes waiting in the pending-changes file now, read without its lock.
    static func pendingOnDisk(_ fixture: StoreFixture) -> [PendingChange] {
        PendingChanges.waiting(inFileAt: fixture.storePath + ".pending") ?? []
    }

    static func playChange(_ cell: MatrixCase) throws {
        let fixture = try StoreFixture()
        let injector = try FaultInjector(cell: cell, fixture: fixture)
        let fault = cell.fault
        let site = cell.site
        let kind = try #require(site.changeKind)
        try fixture.seedEntry("75")
        if kind != "amend" { try #require(fixture.run(["amend 1 value 80"]).status == 0) }
        if kind == "redo" { try #require(fixture.run(["undo"]).status == 0) }
        let (before, after) = weights(for: site)

        var shell: LiveShell
        if cell.strikesBeforeTheSession {
            try injector.arm(nil)
            shell = fixture.start(environment: injector.environment)
            try shell.run([])
        } else {
            shell = fixture.start(environment: injector.environment)
            try shell.run(["list"])
            try injector.arm(shell)
        }

        let faulty = try shell.run(injector.faultyLines + ["status"])

        #expect(faulty.errorCount(of: cell.sentence) >= site.failures, "\(faulty.stderr)")
        for done in ["Amended", "Undid", "Redid"] { #expect(!faulty.stdout.contains(done), "\(faulty.stdout)") }
        if let shim = injector.shim { #expect(shim.injectedFaults > 0, "the shim failed no call") }
        if fault == .validation {
            #expect(faulty.stderr.contains("Enter a weight between 20 and 500 kg. Nothing was changed."))
            #expect(!faulty.stdout.contains("pending:"), "a refused change never waits")
        } else {
            let kept = faulty.stderr.split(separator: "\n").filter {
                $0.contains(cell.sentence) && $0.contains("The change is kept as pending (\(kind)")
            }
            #expect(kept.count == site.failures, "\(faulty.stderr)")
            #expect(faulty.stdout.contains("pending: 1 change, "), "\(faulty.stdout)")
            let onDisk = pendingOnDisk(fixture)
            if fault == .missingFolder {
                #expect(onDisk.isEmpty, "the folder is gone: the change waits in memory")
                #expect(faulty.stderr.contains("It is kept in memory only: the pending-changes file cannot be used."))
            } else {
                #expect(onDisk.map(\.id).count == 1, "the pending-changes file holds the change")
            }
        }

        if cell.retry == .nextSession { shell.finish(killingWith: SIGKILL) }
        #expect(try injector.disarm(), "the damaged file was written to")
        let stored = try fixture.entries().map(\.kilograms)
        if fault == .ioError {
            // After a failed fsync the commit's frames are in the log and may count later:
            // trendsh said "nothing was confirmed", not "nothing was written".
            #expect(stored == before || stored == after, "\(stored)")
        } else {
            #expect(stored == before, "the failed attempt changed the store")
        }

        var retryLines = injector.retryLines
        if fault == .validation { retryLines = ["amend 1 value 80"] + retryLines }
        if fault == .simulated && cell.retry == .sameSession { retryLines = fault.fixLines + retryLines }
        var startup = SessionOutput()
        if cell.retry == .nextSession {
            shell = fixture.start(environment: injector.environment)
            startup = try shell.run([])
            if fault != .validation {
                #expect(
                    startup.stdout.contains("Restored 1 pending change from an earlier session: \(kind)")
                        || startup.stdout.contains("had already been applied, so it was removed."), "\(startup)")
            }
        }
        let retried = try shell.run(retryLines + ["list"])
        let end = shell.finish()

        // A write whose reply was lost (a failed fsync) may have applied: the retry, or the next
        // session's start, finds its operation and writes nothing more.
        let appliedNow = retried.stdout.contains(appliedLine(for: site))
        let foundApplied =
            retried.stdout.contains("an earlier attempt had already")
            || startup.stdout.contains("had already been applied, so it was removed.")
        #expect(appliedNow || (fault == .ioError && foundApplied), "\(startup)\(retried)")
        #expect(retried.stderr.isEmpty, "\(retried.stderr)")
        #expect(end.status == (cell.retry == .nextSession ? 0 : 1), "\(end.output.stderr)")
        #expect(try fixture.entries().map(\.kilograms) == after)
        // Applied once: each write raises the revision by one (save 1, amend 2, undo 3, redo 4).
        let revision: Int64 = ["amend": 2, "undo": 3, "redo": 4][kind] ?? 0
        #expect(
            try OtherProgram(path: fixture.storePath).integer("SELECT revision FROM entries WHERE id = 1") == revision)
        #expect(
            try OtherProgram(path: fixture.storePath).integer(
                "SELECT count(*) FROM operations WHERE kind = '\(kind)'") == 1)
        #expect(pendingOnDisk(fixture).isEmpty, "nothing is left waiting")
        #expect(try fixture.integrity() == "ok")
    }
}
