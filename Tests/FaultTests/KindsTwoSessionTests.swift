import Testing

/// A kind one session adds or removes, another session on the same store notices at once:
/// by its word in a draft, by `measure`, by `amend`, in `measure list` and in `help`.
@Suite struct KindsTwoSessionTests {
    @Test func aKindAddedByAnotherSessionWorksAtOnceInEveryCommand() throws {
        let fixture = try StoreFixture()
        try fixture.seedEntry("80")
        let first = fixture.start()
        let before = try first.run(["help"])
        #expect(!before.stdout.contains("Your kinds"))

        let other = fixture.run(["measure add neck cm 20 80"])
        #expect(other.stdout.contains("Added the kind \"neck\""))

        let after = try first.run(["neck 35", "measure neck 36", "save", "amend 1 neck 38", "measure list", "help"])
        first.finish()
        #expect(after.stderr == "")
        #expect(after.stdout.contains("trendsh> neck 35\nneck: 35\n"))
        #expect(after.stdout.contains("Saved #2: neck 36.0 cm on "))
        #expect(after.stdout.contains("Amended #1: 80.0 kg, neck 38.0 cm on "))
        #expect(after.stdout.contains("neck    cm, 20.0 to 80.0, added\n"))
        #expect(after.stdout.contains("Your kinds (set like \"fat 21.5\"): neck (cm).\n"))
    }

    /// A word that may be a kind another session added, typed while the store cannot be read,
    /// is refused with the store's reason, not as an unknown command; once the store is
    /// free the same line sets the kind.
    @Test func aWordTypedWhileTheStoreCannotBeReadSaysWhyAndWorksOnceItCan() throws {
        let fixture = try StoreFixture()
        try fixture.seedEntry("80")
        _ = fixture.run(["measure add neck cm 20 80"])
        // Held before the session starts (a hold cannot begin while another connection is
        // open), so the session never read the kinds: "neck" is new to it.
        let holder = try ExclusivelyHeldStoreTests.holdExclusively(fixture.storePath)
        let first = fixture.start()

        let held = try first.run(["neck 35"])
        try holder.execute("ROLLBACK")
        holder.close()
        let free = try first.run(["neck 35"])
        first.finish()

        #expect(
            held.stderr.contains(
                "error: \"neck\" is not a command or a kind this session knows, and the store could not be read to see whether another session added it. "
                    + Fixtures.Sentence.locked), "\(held)")
        #expect(!held.stderr.contains("Unknown command"))
        #expect(free.stdout.contains("neck: 35\n"), "\(free)")
    }

    /// Another session's undo removed the kind after this session's draft got a value of it:
    /// `show` still lists the value, `save` says why it cannot, and `measure WORD` clears it.
    @Test func aValueOfAKindAnotherSessionUndidStaysInSightAndCanBeCleared() throws {
        let fixture = try StoreFixture()
        _ = fixture.run(["measure add neck cm 20 80"])
        let live = fixture.start()
        try live.run(["value 80", "neck 35", "list"])
        _ = fixture.run(["undo"])

        let refused = try live.run(["save", "show"])
        let cleared = try live.run(["measure neck", "save"])
        live.finish()

        #expect(
            refused.stderr.contains(
                "error: The draft holds a value of \"neck\", a kind the store no longer has (an undo or another session removed it)."
            ), "\(refused)")
        #expect(
            refused.stdout.contains(
                "  neck:  35 (cm), of a kind the store no longer has; \"save\" refuses it until it is cleared or the kind is back\n"
            ), "\(refused)")
        #expect(cleared.stdout.contains("neck cleared\n"), "\(cleared)")
        #expect(cleared.stdout.contains("Saved #1: 80.0 kg on "), "\(cleared)")
    }

    @Test func aKindRemovedByAnotherSessionIsNoLongerListed() throws {
        let fixture = try StoreFixture()
        _ = fixture.run(["measure add neck cm 20 80"])
        let first = fixture.start()
        let before = try first.run(["measure list"])
        #expect(before.stdout.contains("neck    cm"))

        let other = fixture.run(["measure remove neck"])
        #expect(other.stdout.contains("Removed the kind \"neck\"."))

        let after = try first.run(["measure list", "list"])
        first.finish()
        #expect(!after.stdout.contains("neck    cm"))
    }
}

/// A kind another session's `undo` takes away, or its `redo` brings back, a running session
/// notices before its next command.
@Suite struct KindUndoTwoSessionTests {
    @Test func aKindAnotherSessionUndoesOrRedoesDisappearsOrAppearsAtOnce() throws {
        let fixture = try StoreFixture()
        _ = fixture.run(["measure add neck cm 20 80"])
        let first = fixture.start()
        let before = try first.run(["measure list"])
        #expect(before.stdout.contains("neck    cm, 20.0 to 80.0, added\n"))

        let undone = fixture.run(["undo"])
        #expect(undone.stdout.contains("Undid step 1: added the kind \"neck\" (cm, 20.0 to 80.0)."))
        let gone = try first.run(["measure list", "measure neck 35", "help"])
        #expect(!gone.stdout.contains("neck    cm"))
        #expect(gone.stderr.contains("error: \"neck\" is not a kind of measurement; the kinds are weight, fat, "))
        #expect(!gone.stdout.contains("Your kinds"))

        let redone = fixture.run(["redo"])
        #expect(redone.stdout.contains("Redid step 1: added the kind \"neck\" (cm, 20.0 to 80.0)."))
        let back = try first.run(["neck 35", "value 80", "save", "undo list"])
        first.finish()
        #expect(back.stderr == "")
        #expect(back.stdout.contains("Saved #1: 80.0 kg, neck 35.0 cm on "))
        #expect(back.stdout.contains("   1  done         added the kind \"neck\" (cm, 20.0 to 80.0)\n"))
    }
}
