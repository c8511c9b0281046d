import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// The static trendsh's way to a PostgreSQL store: Debian's libpq cannot be linked into a fully
/// static binary, so a companion, `trendsh-pg`, built from the same sources and linked with
/// libpq, takes over the process (`execv`, the same arguments) when `--store` names a server.
/// It is looked for beside this binary, then where the package installs it; never on PATH, so
/// no other program of that name is run with the person's password in its arguments.
enum Companion {
    /// The companion's file name.
    static let name = "trendsh-pg"
    /// Where the Debian package (and `make install`) put it.
    static let installedPath = "/usr/lib/trendsh/trendsh-pg"
    /// Set in the companion's environment by the static trendsh that runs it. A static trendsh
    /// that finds it set was itself started as the companion: running another would loop.
    static let marker = "TRENDSH_COMPANION_OF"

    /// Why the companion could not take over.
    enum Failure: Equatable, Sendable {
        /// No companion in either place; the places looked in, in order.
        case missing(lookedIn: [String])
        /// A companion is there but could not be run (`reason` is the system's word for why).
        case notRunnable(path: String, reason: String)
        /// This static trendsh was itself run as the companion (`path`): a copy of trendsh,
        /// not trendsh-pg, is installed under the companion's name.
        case notTheCompanion(path: String)

        /// The documented exit status: 127 when there is none, as a shell says of a command it
        /// cannot find, and 126 when one is there but cannot open a server.
        var status: ExitStatus {
            switch self {
            case .missing: return .companionMissing
            case .notRunnable, .notTheCompanion: return .companionNotRunnable
            }
        }
    }

    /// The places the companion is looked for, in order: the folder of this binary
    /// (`/proc/self/exe`, which names the file even when trendsh was run through a link or
    /// PATH), `lib/trendsh` beside that folder (where `make install` puts it for any PREFIX),
    /// then the package's.
    static func places() -> [String] {
        var places: [String] = []
        if let executable = ownExecutable(), let slash = executable.lastIndex(of: "/") {
            let folder = executable[..<slash]
            places.append(folder + "/" + name)
            if let parentSlash = folder.lastIndex(of: "/") {
                places.append(folder[..<parentSlash] + "/lib/trendsh/" + name)
            }
        }
        if !places.contains(installedPath) { places.append(installedPath) }
        return places
    }

    /// Replaces this process with the companion, with the same arguments (argv[0] too, so the
    /// companion speaks as the trendsh the person ran). Returns only when it could not.
    static func replaceProcess() -> Failure {
        guard getenv(marker) == nil else { return .notTheCompanion(path: ownExecutable() ?? name) }
        let looked = places()
        setenv(marker, ownExecutable() ?? "trendsh", 1)
        for path in looked {
            execv(path, CommandLine.unsafeArgv)
            let error = errno
            if error == ENOENT || error == ENOTDIR { continue }
            unsetenv(marker)
            return .notRunnable(path: path, reason: String(cString: strerror(error)))
        }
        unsetenv(marker)
        return .missing(lookedIn: looked)
    }

    /// In the companion: the marker has done its work, and no program the session starts
    /// inherits it.
    static func arrived() { unsetenv(marker) }

    /// The path of the running binary, from `/proc/self/exe`.
    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
