import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// However a session ends, the store file alone holds every saved entry, as it does after
/// `sqlite3` exits: the log is checkpointed and closed (issue 9, point 2).
@Suite struct StoreClosingTests {
    enum Ending: String, CaseIterable, Sendable {
        case quit
        case endOfInput
        case bail
        case sigterm
        case sigint
        case sighup
    }

    @Test(arguments: Ending.allCases)
    func afterTheSessionEndsACopyOfTheStoreFileHoldsTheEntry(ending: Ending) throws {
        let fixture = try StoreFixture()
        let status: Int32
        switch ending {
        case .quit: status = fixture.run(["value 75", "save", "quit"]).status
        case .endOfInput: status = fixture.run(["value 75", "save"]).status
        case .bail:
            status =
                LiveShell.run(
                    arguments: fixture.arguments() + ["--bail"], input: "value 75\nsave\nbogus\nvalue 80\n",
                    environment: fixture.environment()
                ).status
        case .sigterm, .sigint, .sighup:
            let shell = fixture.start()
            try shell.run(["value 75", "save", "value 80"])
            let signal = ending == .sigterm ? SIGTERM : ending == .sigint ? SIGINT : SIGHUP
            let end = shell.finish(killingWith: signal)
            status = end.status
            #expect(status == 128 + signal, "the parent sees the signal")
            #expect(
                end.output.stderr.contains("The draft file keeps it"), "the draft is kept: \(end.output.stderr)")
        }
        if ending == .bail {
            #expect(status == 1)
        } else if [.quit, .endOfInput].contains(ending) {
            #expect(status == 0)
        }

        #expect((fileBytes(fixture.storePath + "-wal") ?? []).isEmpty, "the log was checkpointed into the store")
        let copy = fixture.folder + "/copy.sqlite"
        guard let bytes = fileBytes(fixture.storePath) else {
            Issue.record("no store file")
            return
        }
        try Disk.write(bytes, to: copy)
        let listed = fixture.run(["list"], store: copy)
        #expect(listed.stdout.contains("#1  2026-11-29 08:00  75.0 kg"), "\(listed)")
    }
}
