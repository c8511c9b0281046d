import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Each fault class at each point it can strike: nothing is reported as done that was not,
/// the draft (or the pending change) survives, the retry writes exactly once, and the store
/// stays sound. The changes without a draft play in `FaultMatrixTests+Changes.swift`.
@Suite struct FaultMatrixTests {
    @Test(arguments: MatrixCase.all)
    func failureKeepsTheWorkAndTheRetryWritesExactlyOnce(_ cell: MatrixCase) throws {
        try Self.play(cell)
    }

    /// Stores entry #1 if the site needs one, strikes with the fault, checks what the person
    /// was told and what was kept, takes the fault away, retries, and checks the store.
    static func play(_ cell: MatrixCase) throws {
        let fixture = try StoreFixture()
        let injector = try FaultInjector(cell: cell, fixture: fixture)
        let fault = cell.fault
        let site = cell.site
        if site.needsAnEntry { try fixture.seedEntry("75") }

        var shell: LiveShell
        if cell.strikesBeforeTheSession {
            if site == .edit {
                let opened = fixture.run(["edit 1", "value 80"])
                try #require(opened.status == 3, "the edit is left unsaved in the draft file: \(opened.stderr)")
            }
            try injector.arm(nil)
            shell = fixture.start(environment: injector.environment)
            let startup = try shell.run([])
            if site == .edit { #expect(startup.stdout.contains("Restored unsaved draft (editing #1)")) }
        } else {
            shell = fixture.start(environment: injector.environment)
            try shell.run(site == .edit ? ["edit 1"] : ["list"])
            try injector.arm(shell)
        }

        let faulty = try shell.run(injector.faultyLines + ["show", "list"])

        #expect(faulty.errorCount(of: cell.sentence) >= site.failures, "\(faulty.stderr)")
        #expect(!faulty.stdout.contains("Saved"), "\(faulty.stdout)")
        #expect(!faulty.stdout.contains("Deleted"))
        #expect(!faulty.stdout.contains("Loaded"))
        if let shim = injector.shim { #expect(shim.injectedFaults > 0, "the shim failed no call") }
        if site.savesADraft {
            let failedSaves = faulty.stderr.split(separator: "\n").filter {
                $0.contains(cell.sentence) && $0.contains("The draft is kept")
            }
            #expect(failedSaves.count == site.failures, "\(faulty.stderr)")
            let title =
                site == .edit ? "Edit Entry (editing #1), unsaved changes" : "Log Weight (new entry), unsaved changes"
            #expect(faulty.stdout.contains(title))
            #expect(faulty.stdout.contains("  value: \(fault.typedWeight) (kg)"))
            #expect(faulty.stdout.contains("  last save failed: "))
            if fault != .missingFolder {
                #expect(Fixtures.draftOnDisk(fixture.draftPath)?["value"] == fault.typedWeight)
            }
        }
        if site == .refresh && !cell.strikesBeforeTheSession {
            #expect(faulty.stderr.contains("The 1 entry loaded earlier is still shown."))
            #expect(faulty.stdout.contains("#1  \(Fixtures.minute)  75.0 kg"), "list keeps the cached entry")
        }

        if cell.retry == .nextSession { shell.finish(killingWith: SIGKILL) }
        #expect(try injector.disarm(), "the damaged file was written to")
        let before: [Double] = site == .firstSave || site == .retry ? [] : [75]
        let attempted: [Double] = site == .delete ? [] : site == .refresh ? [75] : [80]
        let stored = try fixture.entries().map(\.kilograms)
        if fault == .ioError {
            // A failed fsync leaves the commit's frames in the log, and SQLite's recovery may
            // accept them later: trendsh says "nothing was confirmed", not "nothing was written".
            #expect(stored == before || stored == attempted, "\(stored)")
        } else {
            #expect(stored == before, "the failed attempt changed the store")
        }

        var retryLines = injector.retryLines
        if fault == .validation || cell.retry == .sameSession { retryLines = fault.fixLines + retryLines }
        if cell.retry == .nextSession {
            shell = fixture.start(environment: injector.environment)
            let startup = try shell.run([])
            if site.savesADraft {
                let target = site == .edit ? "editing #1" : "new entry"
                #expect(startup.stdout.contains("Restored unsaved draft (\(target)): value \"\(fault.typedWeight)\""))
            }
        }
        let retried = try shell.run(retryLines + ["list"])
        let end = shell.finish()

        switch site {
        case .firstSave, .retry:
            #expect(retried.stdout.contains("Saved #1: 80.0 kg on \(Fixtures.minute)"), "\(retried)")
        case .edit:
            #expect(retried.stdout.contains("Saved #1: 80.0 kg on \(Fixtures.minute) (changed)."), "\(retried)")
        case .delete:
            // A delete that reached the store before the fault is recognised by the store's
            // record of it, in this session or the next: never "there is no entry #1".
            #expect(
                retried.stdout.contains("Deleted #1: 75.0 kg on \(Fixtures.minute)")
                    || retried.stdout.contains("Entry #1 had already been deleted; nothing changed."), "\(retried)")
        case .refresh:
            #expect(retried.stdout.contains("Loaded 1 entry."), "\(retried)")
        case .amend, .amendRetry, .undo, .undoRetry, .redo, .redoRetry:
            Issue.record("changes without a draft play in playChange")
        }
        #expect(retried.stderr.isEmpty, "\(retried.stderr)")
        #expect(end.status == (cell.retry == .nextSession ? 0 : 1))
        let final = try fixture.entries()
        #expect(final.map(\.kilograms) == attempted, "\(final)")
        if site.savesADraft {
            #expect(final.first?.id == 1)
            #expect(Fixtures.draftOnDisk(fixture.draftPath) == nil, "the saved draft is gone from the draft file")
        }
        #expect(try fixture.integrity() == "ok")
    }
}
