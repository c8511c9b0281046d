import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The store's own path and the files SQLite keeps beside it are never written through a
/// symbolic link or into another's file; a folder others can write to is warned about
/// (issue 16, paths). SideFileSafetyTests covers trendsh's own side files.
@Suite struct StorePathSafetyTests {
    static let now = ["--now", Fixtures.now]

    @Test func aSymlinkAsTheStoreLeavesTheStoreItNamesAndItsFolderUntouched() throws {
        let shell = Shell()
        let real = shell.home.file("real.sqlite")
        _ = shell.run(arguments: ["--store", real] + Self.now, input: "value 75\nsave\n")
        let before = try #require(fileBytes(real))
        let link = shell.home.file("link.sqlite")
        guard symlink(real, link) == 0 else { throw SystemCallError(errno: errno) }
        let files = filesUnder(shell.home.path)

        let result = shell.run(
            arguments: ["--store", link] + Self.now, input: "value 76\nsave\nunit lb\nstatus\n")

        #expect(result.stderr.contains("The store \(link) is a symbolic link, not a regular file"), "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "draft file: in memory only: \(link) is not a regular file, so nothing is kept beside it\n"))
        #expect(
            result.stderr.hasSuffix(
                "warning: The session ended with unsaved changes in the draft; it was not saved. The store's path is not a regular file, so no draft file is kept beside it and no copy of it is on disk.\n"
            ), "not \"the store is in memory\"")
        #expect(fileBytes(real) == before, "nothing was written through the link")
        #expect(filesUnder(shell.home.path) == files, "no draft, settings or log file beside the link")
    }

    @Test(arguments: ["-wal", "-shm", "-journal"])
    func aSymlinkWhereSQLiteKeepsALogIsRefusedByNameAndNeverWrittenThrough(suffix: String) throws {
        let shell = Shell()
        _ = shell.run(["value 75", "save"])
        for stale in ["-wal", "-shm"] { unlink(shell.storePath + stale) }
        let target = try shell.home.write([], to: "someone-elses-file", mode: 0o644)
        guard symlink(target, shell.storePath + suffix) == 0 else { throw SystemCallError(errno: errno) }

        let result = shell.run(["value 76", "save", "show"])

        #expect(
            result.stderr.contains(
                "error: The store's log file \(shell.storePath + suffix) can't be used: it is a symbolic link, which trendsh never writes through. Nothing was opened or written; move that file aside, then try again."
            ), "\(result.stderr)")
        #expect(result.stdout.contains("  value: 76 (kg)"), "the draft is kept")
        #expect(fileBytes(target) == [], "nothing was written through the link")
        #expect(result.status == 1)

        unlink(shell.storePath + suffix)
        let retry = shell.run(["save"])
        #expect(retry.stdout.contains("Saved #2: 76.0 kg"), "\(retry.stdout)\(retry.stderr)")
    }

    @Test func aHardLinkedLogFileIsRefused() throws {
        let shell = Shell()
        _ = shell.run(["value 75", "save"])
        unlink(shell.storePath + "-wal")
        let other = try shell.home.write([], to: "other-name", mode: 0o600)
        guard link(other, shell.storePath + "-wal") == 0 else { throw SystemCallError(errno: errno) }

        let result = shell.run(["value 76", "save"])

        #expect(
            result.stderr.contains("-wal can't be used: it has more than one name (a hard link)."), "\(result.stderr)")
        #expect(fileBytes(other) == [])
        #expect(try storedKilograms(in: shell.storePath) == [75], "nothing was saved through the other name")
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func anotherUsersLogFilePlantedBesideTheStoreIsRefused() throws {
        let shell = Shell()
        _ = shell.run(["value 75", "save"])
        unlink(shell.storePath + "-wal")
        let planted = try shell.home.write([], to: "s.sqlite-wal", mode: 0o666)
        guard chown(planted, 65534, 65534) == 0 else { throw SystemCallError(errno: errno) }

        let result = shell.run(["value 76", "save"])

        #expect(result.stderr.contains("-wal can't be used: it belongs to another user."), "\(result.stderr)")
        #expect(fileBytes(planted) == [])
        #expect(try storedKilograms(in: shell.storePath) == [75], "no entry went through another user's file")
    }

    static let folderWarning =
        "can be written by other users, who could replace its files. Keep the store in a folder of your own."

    /// A folder of `mode` (set exactly, whatever the umask) holding the store.
    func store(inFolderOf mode: mode_t, _ shell: Shell) throws -> (folder: String, store: String) {
        let folder = shell.home.makeFolder("shared")
        guard chmod(folder, mode) == 0 else { throw SystemCallError(errno: errno) }
        return (folder, folder + "/s.sqlite")
    }

    @Test(arguments: [0o770, 0o707, 0o777] as [mode_t])
    func aStoreInAFolderItsGroupOrEveryoneCanWriteIsWarnedAbout(mode: mode_t) throws {
        let shell = Shell()
        let (folder, store) = try store(inFolderOf: mode, shell)
        let result = shell.run(arguments: ["--store", store] + Self.now, input: "value 75\nsave\n")
        #expect(result.stderr == lines("warning: The store's folder \(folder) \(Self.folderWarning)"))
        #expect(result.status == 0)
    }

    @Test(arguments: [0o700, 0o755, 0o1777] as [mode_t])
    func aStoreInAFolderOnlyItsOwnerCanReplaceFilesInGetsNoWarning(mode: mode_t) throws {
        let shell = Shell()
        let (_, store) = try store(inFolderOf: mode, shell)
        let result = shell.run(arguments: ["--store", store] + Self.now, input: "value 75\nsave\n")
        #expect(result.stderr == "", "a sticky folder such as /tmp lets nobody else replace the store's files")
        #expect(result.status == 0)
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a folder to another user"))
    func aStoreInAnotherUsersFolderIsWarnedAbout() throws {
        let shell = Shell()
        let (folder, store) = try store(inFolderOf: 0o755, shell)
        guard chown(folder, 65534, 65534) == 0 else { throw SystemCallError(errno: errno) }
        let result = shell.run(arguments: ["--store", store] + Self.now, input: "value 75\nsave\n")
        #expect(result.stderr == lines("warning: The store's folder \(folder) \(Self.folderWarning)"))
    }
}
