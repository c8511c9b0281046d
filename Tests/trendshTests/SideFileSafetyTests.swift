import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// trendsh's own files are never written through a symbolic link, into another's file or a
/// hard link, and the store must be a regular file (issue 9, points 8, 10 and 11).
@Suite struct SideFileSafetyTests {
    @Test func aSymlinkAtTheDraftPathIsRefusedAndItsTargetIsUntouched() throws {
        let shell = Shell()
        let target = try shell.home.write([], to: "someone-elses-file", mode: 0o644)
        guard symlink(target, shell.storePath + ".draft") == 0 else { throw SystemCallError(errno: errno) }

        let result = shell.run(["value 76", "note kept", "status"])

        #expect(fileBytes(target) == [], "nothing was written through the link")
        #expect(result.stderr.contains("it is a symbolic link, which trendsh never writes through"), "\(result.stderr)")
        #expect(result.stdout.contains("draft file: in memory only:"), "\(result.stdout)")
    }

    @Test func aHardLinkAtTheDraftPathIsRefused() throws {
        let shell = Shell()
        let target = try shell.home.write([], to: "linked", mode: 0o600)
        guard link(target, shell.storePath + ".draft") == 0 else { throw SystemCallError(errno: errno) }

        let result = shell.run(["value 76"])

        #expect(fileBytes(target) == [], "nothing was written into the other name")
        #expect(result.stderr.contains("it has more than one name (a hard link)"), "\(result.stderr)")
    }

    @Test func aSymlinkAtTheLockPathIsRefused() throws {
        let shell = Shell()
        let target = try shell.home.write([], to: "lock-target", mode: 0o644)
        guard symlink(target, shell.storePath + ".draft.lock") == 0 else { throw SystemCallError(errno: errno) }
        let result = shell.run(["value 76", "status"])
        #expect(result.stdout.contains("draft file: in memory only:"), "\(result.stdout)")
        #expect(permissions(of: target) == 0o644)
    }

    @Test func aSymlinkAtTheSettingsPathIsNeverWrittenThrough() throws {
        let shell = Shell()
        let target = try shell.home.write(Array("unit = kg\n".utf8), to: "settings-target", mode: 0o644)
        guard symlink(target, shell.storePath + ".settings") == 0 else { throw SystemCallError(errno: errno) }
        let result = shell.run(["unit lb"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("symbolic link"), "\(result.stderr)")
        #expect(fileBytes(target) == Array("unit = kg\n".utf8))
    }

    @Test func aFolderAsTheStoreIsNamedForWhatItIs() throws {
        let shell = Shell()
        let folder = shell.home.file("folder.sqlite")
        guard mkdir(folder, 0o700) == 0 else { throw SystemCallError(errno: errno) }
        let result = shell.run(arguments: ["--store", folder, "--now", Fixtures.now], input: "list\nunit lb\nunit\n")
        #expect(
            result.stderr.contains(
                "The store \(folder) is a folder, not a regular file, so trendsh will not open it."), "\(result.stderr)"
        )
        #expect(result.stdout.contains("unit: lb"), "settings keep working")
    }

    @Test func aDeviceAsTheStoreCreatesNothingBesideIt() throws {
        let shell = Shell()
        let result = shell.run(arguments: ["--store", "/dev/null", "--now", Fixtures.now], input: "value 75\nsave\n")
        #expect(
            result.stderr.contains("The store /dev/null is a character device, not a regular file"), "\(result.stderr)")
        #expect(!fileExists("/dev/null-journal"))
        #expect(!fileExists("/dev/null-wal"))
        #expect(!fileExists("/dev/null.draft"), "no draft file lands in /dev")
        #expect(!fileExists("/dev/null.draft.lock"))
    }

    @Test func aSymlinkAsTheStoreIsRefused() throws {
        let shell = Shell()
        let real = shell.home.file("real.sqlite")
        _ = shell.run(arguments: ["--store", real], input: "value 75\nsave\n")
        let link = shell.home.file("link.sqlite")
        guard symlink(real, link) == 0 else { throw SystemCallError(errno: errno) }
        let result = shell.run(arguments: ["--store", link, "--now", Fixtures.now], input: "list\n")
        #expect(result.stderr.contains("is a symbolic link, not a regular file"), "\(result.stderr)")
    }

    @Test func aStoreOthersCanReadIsWarnedAboutAndSideFilesStayPrivate() throws {
        let shell = Shell()
        _ = shell.run(["value 75", "save"])
        guard chmod(shell.storePath, 0o644) == 0 else { throw SystemCallError(errno: errno) }
        let result = shell.run(["value 76"])
        #expect(
            result.stderr.contains(
                "warning: The store \(shell.storePath) can be read by other users (mode 0644). Type \"chmod 600 \(shell.storePath)\" in a shell to keep it private."
            ), "\(result.stderr)")
        #expect(permissions(of: shell.storePath + ".draft") == 0o600)
        #expect(permissions(of: shell.storePath + ".draft.lock") == 0o600)
    }
}
