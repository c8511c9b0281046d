import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A side file of trendsh's (the draft, pending-changes and settings files and their locks)
/// that belongs to another user is refused with a sentence that says so, and is left exactly
/// as it was: its bytes, its owner and its mode. The session goes on without it.
///
/// Only root can give a file to another user, so these tests are skipped unless run as root
/// (as they are in CI and in the project's containers).
@Suite struct OtherUsersSideFileTests {
    /// The user and group the file is given to: `nobody`, which every Linux system has.
    static let otherUser: uid_t = 65534

    /// One side file, how a session of the owner makes it, what the session under test types,
    /// and what it must say about the file (`PATH` stands for the file's path).
    struct Case: Sendable, CustomTestStringConvertible {
        var suffix: String
        /// Typed by the store's owner first, after one entry is saved, so the file exists and
        /// holds what trendsh writes into it.
        var making: [String]
        var typed: [String]
        /// Printed on standard error, or on standard output when `onStandardError` is false.
        var sentence: String
        var onStandardError = true
        var testDescription: String { "<store>" + suffix }

        static let all = [
            Case(
                suffix: ".draft", making: ["value 73"], typed: ["value 76", "save", "status"],
                sentence:
                    "error: The draft file PATH could not be read (it belongs to another user); it was left in place. Move it aside to silence this."
            ),
            Case(
                suffix: ".draft.lock", making: [], typed: ["value 76", "save", "status"],
                sentence:
                    "warning: trendsh will not write the draft file PATH: it belongs to another user. This session's draft is kept in memory only."
            ),
            Case(
                suffix: ".pending", making: ["simulate save-failure once", "amend 1 note waits"],
                typed: ["value 76", "save", "status"],
                sentence:
                    "error: The pending-changes file PATH could not be read (it belongs to another user); it was left in place. Move it aside to silence this."
            ),
            Case(
                suffix: ".pending.lock", making: [],
                typed: ["value 76", "save", "simulate save-failure once", "amend 1 note waits", "status"],
                sentence: "pending: 1 change, in memory only: trendsh will not write PATH (it belongs to another user)",
                onStandardError: false),
            Case(
                suffix: ".settings", making: ["set unit lb"], typed: ["value 76", "save", "set goal 70", "status"],
                sentence:
                    "error: The settings in PATH could not be read (it belongs to another user), so trendsh did not write over them and the setting is unchanged. Correct the file or move it aside, then try again."
            ),
            Case(
                suffix: ".settings.lock", making: ["set unit kg"],
                typed: ["value 76", "save", "set goal 70", "status"],
                sentence:
                    "error: The settings lock PATH could not be taken: it belongs to another user. The setting is unchanged."
            ),
        ]
    }

    /// What the test checks is unchanged about a file: its bytes, its owner and its mode.
    struct FileState: Equatable, CustomStringConvertible {
        var bytes: [UInt8]
        var user: uid_t
        var group: gid_t
        var mode: mode_t

        init(of path: String) throws {
            var info = stat()
            guard lstat(path, &info) == 0 else { throw SystemCallError(errno: errno) }
            guard let bytes = fileBytes(path) else { throw SystemCallError(errno: ENOENT) }
            self.bytes = bytes
            user = info.st_uid
            group = info.st_gid
            mode = info.st_mode
        }

        var description: String { "\(bytes.count) bytes, owner \(user):\(group), mode \(String(mode, radix: 8))" }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"), arguments: Case.all)
    func anotherUsersSideFileIsRefusedBySentenceAndLeftExactlyAsItWas(_ testCase: Case) throws {
        let fixture = try StoreFixture()
        try fixture.seedEntry("74")
        if !testCase.making.isEmpty { _ = fixture.run(testCase.making) }
        let path = fixture.storePath + testCase.suffix
        try #require(Disk.exists(path), "the owner's session made \(path)")
        guard chown(path, Self.otherUser, Self.otherUser) == 0 else { throw SystemCallError(errno: errno) }
        // A mode trendsh never gives its files, so a chmod of it would show.
        guard chmod(path, 0o640) == 0 else { throw SystemCallError(errno: errno) }
        let before = try FileState(of: path)

        let result = fixture.run(testCase.typed)

        let sentence = testCase.sentence.replacing("PATH", with: path)
        let said = testCase.onStandardError ? result.stderr : result.stdout
        #expect(said.contains(sentence + "\n"), "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Saved #2: 76.0 kg on \(Fixtures.minute)."), "the session went on without it")
        #expect(try FileState(of: path) == before, "the other user's file is exactly as it was")
        #expect(try fixture.entries().map(\.kilograms) == [74, 76])
    }
}
