import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A real disk fault for the store's files, made by an `LD_PRELOAD` library that the test
/// compiles at run time. Only the trendsh child loads it; the test's own connection is clean.
struct FaultShim {
    /// What the library does to calls on the store's files (paths ending in `.sqlite` or
    /// `.sqlite-wal`; the shared-memory index, the draft and the settings are left alone),
    /// or, where the case says so, on the draft, the settings or a folder.
    enum Fault: Sendable, Equatable {
        /// `write`/`pwrite`/`pwrite64` fail with ENOSPC after `after` calls succeed.
        case diskFull(after: Int)
        /// `write`/`pwrite`/`pwrite64` fail with EIO.
        case writeError
        /// `fsync`/`fdatasync` fail with EIO: the commit's frames reach the file, the sync does not.
        case syncError
        /// `fsync`/`fdatasync` of the store file itself (`.sqlite`, not its `-wal`) fail with
        /// EIO: a commit reaches the log and is synced there, but a checkpoint cannot sync
        /// what it copied into the store file.
        case storeFileSyncError
        /// `pread`/`pread64` fail with EIO.
        case readError
        /// `write`/`pwrite` on the draft file (`.draft`) fail with EIO.
        case draftWriteError
        /// `fsync`/`fdatasync` of the settings file, or of the new file that replaces it
        /// (`.settings`, `.settings.tmp-PID`), fail with EIO.
        case settingsSyncError
        /// `fsync`/`fdatasync` of any folder fail with EIO (SQLite ignores a folder's sync
        /// failing, so only trendsh's own syncs of a folder notice).
        case folderSyncError

        var control: String {
            switch self {
            case .diskFull(let after): return "enospc write \(after)"
            case .writeError: return "eio write 0"
            case .syncError: return "eio sync 0"
            case .storeFileSyncError: return "eio sync 0 store"
            case .readError: return "eio read 0"
            case .draftWriteError: return "eio write 0 draft"
            case .settingsSyncError: return "eio sync 0 settings"
            case .folderSyncError: return "eio sync 0 folder"
            }
        }
    }

    let library: String
    let controlPath: String
    let logPath: String

    /// Compiles the library into `directory` with the system C compiler.
    static func build(in directory: TemporaryDirectory) throws -> FaultShim {
        let source = directory.file("faultshim.c")
        let library = directory.file("faultshim.so")
        try Disk.write(cSource, to: source)
        let compiler = try compilerPath()
        let result = LiveShell.run(
            arguments: ["-shared", "-fPIC", "-o", library, source, "-ldl"], input: "",
            environment: TrendshProcess.environment(home: directory.path), program: compiler)
        guard result.status == 0, Disk.exists(library) else { throw ShimBuildFailure(compilerOutput: result.stderr) }
        return FaultShim(
            library: library, controlPath: directory.file("faultshim.control"), logPath: directory.file("faultshim.log")
        )
    }

    /// The variables that load the library into a trendsh child and point it at the control file.
    var environment: [String: String] {
        ["LD_PRELOAD": library, "FAULTSHIM_CONTROL": controlPath, "FAULTSHIM_LOG": logPath]
    }

    /// Makes the fault happen from the next matching call on, also in a running session.
    func arm(_ fault: Fault) throws { try Disk.write(fault.control + "\n", to: controlPath) }

    /// Stops injecting faults.
    func disarm() throws { try Disk.remove(controlPath) }

    /// How many calls the library has failed so far: proof that the fault really happened.
    var injectedFaults: Int { (Disk.text(logPath) ?? "").split(separator: "\n").count }

    private static func compilerPath() throws -> String {
        let path = String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin"))
        // `map(String.init)` matters: without it, `+` with string literals type-checks as
        // `[Any]`-like character slices and only the two literal folders were ever searched.
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        for folder in folders {
            for name in ["cc", "gcc", "clang"] where access("\(folder)/\(name)", X_OK) == 0 {
                return "\(folder)/\(name)"
            }
        }
        throw ShimBuildFailure(compilerOutput: "no cc, gcc or clang on PATH")
    }

    /// The library. It reads the control file on every intercepted call, so a test can arm and
    /// disarm a fault while a session runs; the file holds "ERRNO OPERATION AFTER".
    static let cSource = #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <fcntl.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/stat.h>
        #include <sys/types.h>
        #include <unistd.h>

        enum operation { OP_WRITE, OP_SYNC, OP_READ };

        static long matching_calls;
        static char last_control[128];

        /* True when fd is open on a file of the kind named: the store's (a path ending in
           ".sqlite" or ".sqlite-wal"), the store file alone ("store": ".sqlite"), the draft's
           (".draft"), the settings (".settings", or ".settings.tmp-" in it), or a folder. */
        static int is_target_file(int fd, const char *kind) {
            if (strcmp(kind, "folder") == 0) {
                struct stat info;
                return fstat(fd, &info) == 0 && S_ISDIR(info.st_mode);
            }
            int draft = strcmp(kind, "draft") == 0;
            char link[64];
            char target[4096];
            snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
            ssize_t length = readlink(link, target, sizeof target - 1);
            if (length <= 0) return 0;
            target[length] = 0;
            if (strcmp(kind, "settings") == 0) {
                return (length >= 9 && strcmp(target + length - 9, ".settings") == 0)
                    || strstr(target, ".settings.tmp-") != NULL;
            }
            const char *suffixes[] = {".sqlite", ".sqlite-wal", ".draft"};
            int first = draft ? 2 : 0;
            int end = draft ? 3 : strcmp(kind, "store") == 0 ? 1 : 2;
            for (int i = first; i < end; i++) {
                size_t n = strlen(suffixes[i]);
                if ((size_t)length >= n && strcmp(target + length - n, suffixes[i]) == 0) return 1;
            }
            return 0;
        }

        static void note(const char *error, const char *operation, int fd) {
            const char *path = getenv("FAULTSHIM_LOG");
            if (!path) return;
            int log = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
            if (log < 0) return;
            char line[128];
            int length = snprintf(line, sizeof line, "%s %s fd %d\n", error, operation, fd);
            ssize_t (*real_write)(int, const void *, size_t) = dlsym(RTLD_NEXT, "write");
            if (length > 0 && real_write) real_write(log, line, (size_t)length);
            close(log);
        }

        /* The errno to fail this call with, or 0 to let it through. */
        static int injected_error(enum operation op, int fd) {
            const char *control = getenv("FAULTSHIM_CONTROL");
            if (!control) return 0;
            int file = open(control, O_RDONLY | O_CLOEXEC);
            if (file < 0) return 0;
            char text[128] = {0};
            ssize_t length = read(file, text, sizeof text - 1);
            close(file);
            if (length <= 0) return 0;
            text[length] = 0;
            if (strcmp(text, last_control) != 0) {
                strcpy(last_control, text);
                __atomic_store_n(&matching_calls, 0, __ATOMIC_SEQ_CST);
            }
            char error[16] = {0}, operation[16] = {0}, target[16] = {0};
            long after = 0;
            if (sscanf(text, "%15s %15s %ld %15s", error, operation, &after, target) < 2) return 0;
            int number = strcmp(error, "enospc") == 0 ? ENOSPC : strcmp(error, "eio") == 0 ? EIO : 0;
            if (number == 0) return 0;
            enum operation wanted = strcmp(operation, "write") == 0 ? OP_WRITE
                : strcmp(operation, "sync") == 0 ? OP_SYNC : OP_READ;
            if (wanted != op || !is_target_file(fd, target)) return 0;
            if (__atomic_fetch_add(&matching_calls, 1, __ATOMIC_SEQ_CST) < after) return 0;
            note(error, operation, fd);
            return number;
        }

        #define FAIL_IF_INJECTED(op, fd) \
            do { \
                int saved = errno; \
                int injected = injected_error(op, fd); \
                errno = saved; \
                if (injected) { errno = injected; return -1; } \
            } while (0)

        #define REAL(name) \
            static __typeof__(name) *real; \
            if (!real) real = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

        ssize_t write(int fd, const void *buffer, size_t count) {
            REAL(write);
            FAIL_IF_INJECTED(OP_WRITE, fd);
            return real(fd, buffer, count);
        }

        ssize_t pwrite(int fd, const void *buffer, size_t count, off_t offset) {
            REAL(pwrite);
            FAIL_IF_INJECTED(OP_WRITE, fd);
            return real(fd, buffer, count, offset);
        }

        ssize_t pwrite64(int fd, const void *buffer, size_t count, off64_t offset) {
            REAL(pwrite64);
            FAIL_IF_INJECTED(OP_WRITE, fd);
            return real(fd, buffer, count, offset);
        }

        ssize_t pread(int fd, void *buffer, size_t count, off_t offset) {
            REAL(pread);
            FAIL_IF_INJECTED(OP_READ, fd);
            return real(fd, buffer, count, offset);
        }

        ssize_t pread64(int fd, void *buffer, size_t count, off64_t offset) {
            REAL(pread64);
            FAIL_IF_INJECTED(OP_READ, fd);
            return real(fd, buffer, count, offset);
        }

        int fsync(int fd) {
            REAL(fsync);
            FAIL_IF_INJECTED(OP_SYNC, fd);
            return real(fd);
        }

        int fdatasync(int fd) {
            REAL(fdatasync);
            FAIL_IF_INJECTED(OP_SYNC, fd);
            return real(fd);
        }
        """#
}

/// The fault library could not be compiled.
struct ShimBuildFailure: Error, CustomStringConvertible {
    var compilerOutput: String
    var description: String { "The fault shim did not compile: \(compilerOutput)" }
}
