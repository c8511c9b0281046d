import Testing
import TrendKit
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The built binary: amends that wait in the pending-changes file across runs, `retry`, and
/// an undo history kept in the store across restarts (issue 14), with the exit status rule
/// of issue 9: 3 only for pending changes this run made, a failure winning over it.
@Suite struct AmendRetryUndoTests {
    let shell = Shell()

    var pendingPath: String { shell.storePath + ".pending" }

    static let simulated = "The store could not save (simulated failure), so nothing was written."
    static let waiting =
        "warning: The session ended with 1 change pending that the store has not confirmed. The pending-changes file keeps them, and the next trendsh on this log restores them."

    func stored() throws -> [StoredEntry] { try OtherProgram(path: shell.storePath).entries() }

    /// How many changes the pending-changes file holds, read as another session would.
    func waitingInFile() -> Int { PendingChanges.waiting(inFileAt: pendingPath)?.count ?? 0 }

    @Test func aChangeLeftPendingIsRestoredNextRunAndRetryAppliesItOnce() throws {
        _ = shell.run(["value 75", "save"])

        let failed = shell.run(["simulate save-failure always", "amend 1 value 76"])

        #expect(
            failed.stderr
                == lines(
                    "error: \(Self.simulated) The change is kept as pending (amend #1 value 76.0 kg); type \"retry\" to apply it.",
                    Self.waiting))
        #expect(failed.status == 1, "a failure wins over 3")
        #expect(permissions(of: pendingPath) == 0o600)
        #expect(permissions(of: pendingPath + ".lock") == 0o600)

        let untouched = shell.run(["list"])
        #expect(
            untouched.stdout
                == lines(
                    "Restored 1 pending change from an earlier session: amend #1 value 76.0 kg. Type \"retry\" to apply it.",
                    "#1  2026-11-29 08:00  75.0 kg  trend 75.0"))
        #expect(
            untouched.stderr
                == lines(
                    "note: The restored pending change (amend #1 value 76.0 kg) is still waiting in the pending-changes file; this run did not change it."
                ))
        #expect(untouched.status == 0, "a restored change the run left alone is not its work")

        let retried = shell.run(["retry", "list", "retry"])
        #expect(retried.stdout.contains("Amended #1: 76.0 kg on 2026-11-29 08:00, no note.\n"))
        #expect(retried.stdout.hasSuffix(lines("#1  2026-11-29 08:00  76.0 kg  trend 76.0", "No changes are pending.")))
        #expect(retried.stderr == "")
        #expect(retried.status == 0)
        #expect(try stored().map(\.kilograms) == [76])
        #expect(
            try OtherProgram(path: shell.storePath).integer("SELECT count(*) FROM operations WHERE kind = 'amend'") == 1
        )
        #expect(shell.run(["status"]).stdout.contains("pending") == false)
    }

    @Test func undoAndRedoWorkAcrossRestartsBecauseTheHistoryIsInTheStore() throws {
        _ = shell.run(["value 75", "save", "amend 1 note after run", "delete 1"])

        let undone = shell.run(["undo", "undo"])
        #expect(
            undone.stdout
                == lines(
                    "Undid step 3: deleted #1: 75.0 kg on 2026-11-29 08:00.",
                    "Undid step 2: amended #1: note \"after run\" (was none)."))
        #expect(try stored().map(\.id) == [1], "the deleted entry is back with its number")

        let listed = shell.run(["undo list", "redo", "list"])
        #expect(
            listed.stdout
                == lines(
                    "step  state   next  change", "   3  undone        deleted #1: 75.0 kg on 2026-11-29 08:00",
                    "   2  undone  redo  amended #1: note \"after run\" (was none)",
                    "   1  done    undo  saved #1: 75.0 kg on 2026-11-29 08:00",
                    "Redid step 2: amended #1: note \"after run\" (was none).",
                    "#1  2026-11-29 08:00  75.0 kg  trend 75.0  after run"))
        #expect(listed.status == 0)
    }

    func oneShot(_ commands: [String]) -> ProcessResult {
        shell.run(arguments: ["--store", shell.storePath, "--now", Fixtures.now] + commands.flatMap { ["-c", $0] })
    }

    static let oneWaiting =
        "warning: 1 pending change (amend #1 value 76.0 kg) is waiting in the pending-changes file. This run applies it only on \"retry\", and refuses amend, undo and redo until then."

    @Test func aOneShotRunRefusesAmendUndoAndRedoWhileChangesWaitAndLeavesThemAsTheyAre() throws {
        _ = shell.run(["value 75", "save", "simulate save-failure always", "amend 1 value 76"])
        let waiting = try #require(fileBytes(pendingPath))

        for (command, described) in [
            ("undo", "undo (the newest change)"), ("redo", "redo (the change undone last)"),
            ("amend 1 note typed by cron", "amend #1 note \"typed by cron\""),
        ] {
            let result = oneShot([command])
            #expect(
                result.stderr
                    == lines(
                        Self.oneWaiting,
                        "error: 1 change is waiting in the pending-changes file (amend #1 value 76.0 kg), so \(described) was not run: the waiting changes apply first, in the order typed. Run \"retry\" first (trendsh -c retry) to apply it, then this again."
                    ), "\(command)")
            #expect(result.status == 1)
        }
        #expect(fileBytes(pendingPath) == waiting, "byte for byte as it was")
        #expect(try stored().map(\.kilograms) == [75], "entry #1 is neither deleted nor changed")
    }

    @Test func aOneShotStatusListsTheChangesWaitingInTheFile() throws {
        _ = shell.run(["value 75", "save", "simulate save-failure always", "amend 1 value 76"])

        let status = oneShot(["status"])

        #expect(
            status.stdout.contains(
                lines(
                    "pending: 1 change, waiting in \(pendingPath); this run has not taken it (\"retry\" applies it)",
                    "  amend #1 value 76.0 kg")), "\(status.stdout)")
        #expect(status.status == 0)
    }

    @Test func aOneShotRetryAppliesTheWaitingChangesThenUndoWorksOnTheStoresNewestStep() throws {
        _ = shell.run(["value 75", "save", "simulate save-failure always", "amend 1 value 76"])

        let retried = oneShot(["retry", "list"])
        #expect(
            retried.stdout
                == lines(
                    "Amended #1: 76.0 kg on 2026-11-29 08:00, no note.", "#1  2026-11-29 08:00  76.0 kg  trend 76.0"))
        #expect(retried.stderr == lines(Self.oneWaiting))
        #expect(retried.status == 0)
        #expect(waitingInFile() == 0)

        let undone = oneShot(["undo"])
        #expect(undone.stdout == lines("Undid step 2: amended #1: value 76.0 kg (was 75.0 kg)."))
        #expect(try stored().map(\.kilograms) == [75])
    }

    @Test func aOneShotRetrySaysSoWhenAnotherSessionHoldsTheWaitingChanges() throws {
        _ = shell.run(["value 75", "save", "simulate save-failure always", "amend 1 value 76"])
        let holder = TrendshProcess.start(
            [TrendshProcess.binaryPath, "--store", shell.storePath, "--now", Fixtures.now],
            environment: shell.environment)
        holder.send("status\n")
        try holder.readUntil { String(decoding: $0.stdoutSoFar, as: UTF8.self).contains("simulations:") }

        let retried = oneShot(["retry"])

        #expect(
            retried.stderr.hasSuffix(
                lines(
                    "error: Another trendsh session holds the pending changes (amend #1 value 76.0 kg), so this run did not apply them. Type \"retry\" in that session."
                )), "\(retried.stderr)")
        #expect(retried.status == 1)
        #expect(try stored().map(\.kilograms) == [75])
        _ = holder.finish()
    }

    @Test func aOneShotAmendThatTheStoreFailsIsKeptInThePendingFileForRetry() throws {
        _ = shell.run(["value 75", "save"])

        let failed = oneShot(["simulate save-failure once", "amend 1 note typed by cron"])

        #expect(
            failed.stderr
                == lines(
                    "error: \(Self.simulated) This -c run ends here, so the change (amend #1 note \"typed by cron\") is kept as pending in \(pendingPath): \"retry\" applies it, in \"trendsh -c retry\" or in the next trendsh session on this store.",
                    Self.waiting))
        #expect(failed.status == 1)
        #expect(waitingInFile() == 1)

        let retried = oneShot(["retry"])
        #expect(retried.stdout == lines("Amended #1: 75.0 kg on 2026-11-29 08:00, note \"typed by cron\"."))
        #expect(retried.status == 0)
        #expect(
            try OtherProgram(path: shell.storePath).text("SELECT note FROM entries WHERE id = 1") == "typed by cron")
        #expect(
            try OtherProgram(path: shell.storePath).integer("SELECT count(*) FROM operations WHERE kind = 'amend'") == 1
        )
    }

    @Test func aOneShotAmendThatTheStoreFailsSaysNoCopyIsKeptWhileAnotherSessionHoldsTheFile() throws {
        _ = shell.run(["value 75", "save"])
        let holder = TrendshProcess.start(
            [TrendshProcess.binaryPath, "--store", shell.storePath, "--now", Fixtures.now],
            environment: shell.environment)
        holder.send("status\n")
        try holder.readUntil { String(decoding: $0.stdoutSoFar, as: UTF8.self).contains("simulations:") }

        let failed = oneShot(["simulate save-failure once", "amend 1 note typed by cron"])

        #expect(
            failed.stderr.hasPrefix(
                lines(
                    "error: \(Self.simulated) This -c run ends here and keeps no copy of the change (amend #1 note \"typed by cron\"): another trendsh session holds \(pendingPath)."
                )), "\(failed.stderr)")
        #expect(failed.status == 1)
        _ = holder.finish()
        #expect(waitingInFile() == 0)
    }

    @Test func aSecondSessionKeepsItsPendingChangesInMemoryAndSaysSo() throws {
        _ = shell.run(["value 75", "save"])
        let holder = TrendshProcess.start(
            [TrendshProcess.binaryPath, "--store", shell.storePath, "--now", Fixtures.now],
            environment: shell.environment)
        holder.send("status\n")
        try holder.readUntil { String(decoding: $0.stdoutSoFar, as: UTF8.self).contains("simulations:") }

        let second = shell.run(["simulate save-failure once", "amend 1 note second"])

        #expect(
            second.stderr.contains(
                "The change is kept as pending (amend #1 note \"second\"); type \"retry\" to apply it. It is kept in memory only: another trendsh session holds the pending-changes file.\n"
            ), "\(second.stderr)")
        #expect(
            second.stderr.hasSuffix(
                "Another trendsh session holds the pending-changes file, so no copy of them is on disk.\n"))
        _ = holder.finish()
        #expect(shell.run(["retry"]).stdout == lines("No changes are pending."), "nothing of it was written anywhere")
    }

    @Test func aSymbolicLinkAtThePendingChangesPathIsNeverWrittenThrough() throws {
        _ = shell.run(["value 75", "save"])
        let target = try shell.home.write([], to: "someone-elses-file", mode: 0o644)
        // The first run made the file; another user's link takes its place.
        guard unlink(pendingPath) == 0, symlink(target, pendingPath) == 0 else { throw SystemCallError(errno: errno) }

        let result = shell.run(["simulate save-failure once", "amend 1 note x", "status"])

        #expect(fileBytes(target) == [], "nothing was written through the link")
        #expect(
            result.stderr.hasPrefix(
                "error: The pending-changes file \(pendingPath) could not be read (it is a symbolic link, which trendsh never writes through); it was left in place."
            ), "\(result.stderr)")
        #expect(result.stderr.contains("It is kept in memory only: the pending-changes file cannot be used."))
        #expect(
            result.stdout.contains(
                "pending: 1 change, in memory only: \(pendingPath) could not be read and was left in place"),
            "\(result.stdout)")
        #expect(result.status == 1)
    }

    /// The seed's policy for rapid changes, through the binary and across a restart: a second
    /// change of a field replaces the waiting one in its place, other changes queue in the
    /// order typed, and `retry` applies them in that order.
    @Test func waitingChangesCoalesceByFieldQueueInOrderAndApplyInThatOrder() throws {
        _ = shell.run(["value 75", "save", "value 60", "save"])
        let typed = shell.run([
            "simulate save-failure always", "amend 1 value 76", "amend 2 note a", "amend 1 note b", "amend 1 value 77",
            "amend 2 note a", "status",
        ])
        #expect(
            typed.stdout.contains(
                lines(
                    "pending: 3 changes, kept in \(pendingPath)",
                    "  amend #1 value 77.0 kg; last try failed: \(Self.simulated)", "  amend #2 note \"a\"",
                    "  amend #1 note \"b\"")), "\(typed.stdout)")

        let retried = shell.run(["retry", "undo list"])

        #expect(
            retried.stdout.hasSuffix(
                lines(
                    "Amended #1: 77.0 kg on 2026-11-29 08:00, no note.",
                    "Amended #2: 60.0 kg on 2026-11-29 08:00, note \"a\".",
                    "Amended #1: 77.0 kg on 2026-11-29 08:00, note \"b\".", "step  state  next  change",
                    "   5  done   undo  amended #1: note \"b\" (was none)",
                    "   4  done         amended #2: note \"a\" (was none)",
                    "   3  done         amended #1: value 77.0 kg (was 75.0 kg)",
                    "   2  done         saved #2: 60.0 kg on 2026-11-29 08:00",
                    "   1  done         saved #1: 75.0 kg on 2026-11-29 08:00")), "\(retried.stdout)")
        #expect(retried.stderr == "")
        #expect(try stored().map(\.kilograms) == [77, 60])
    }

    /// A waiting change the store now refuses (its entry changed since) is said and removed;
    /// the others still apply.
    @Test func aWaitingChangeTheStoreNowRefusesIsReportedAndRemovedAndTheOthersApply() throws {
        _ = shell.run(["value 75", "save", "value 60", "save"])
        _ = shell.run(["list", "simulate save-failure always", "amend 1 note mine", "amend 2 note kept"])
        let other = try OtherProgram(path: shell.storePath)
        try other.execute("UPDATE entries SET note = 'theirs', revision = revision + 1 WHERE id = 1")
        other.close()

        let retried = shell.run(["retry", "list", "status"])

        #expect(
            retried.stderr
                == lines(
                    "error: Entry #1 was changed by another session since this one read it; nothing was written. It now holds #1: 75.0 kg on 2026-11-29 08:00, note \"theirs\". The pending change (amend #1 note \"mine\") was removed."
                ))
        #expect(retried.stdout.contains("Amended #2: 60.0 kg on 2026-11-29 08:00, note \"kept\".\n"))
        #expect(!retried.stdout.contains("pending:"))
        #expect(retried.status == 1)
        #expect(
            try OtherProgram(path: shell.storePath).rows("SELECT note FROM entries ORDER BY id").map { $0[0] } == [
                "theirs", "kept",
            ])
    }
}
