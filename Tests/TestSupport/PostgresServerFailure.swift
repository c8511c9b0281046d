/// The tests' PostgreSQL server could not be set up, or a step asked of it failed.
public enum PostgresServerFailure: Error, Equatable, CustomStringConvertible {
    /// A program the server needs is missing: `make deps` installs the `postgresql` package
    /// (runuser and setsid come with util-linux).
    case notInstalled(String)
    /// The tests run as root and there is no `postgres` user to run the server as.
    case noServerUser
    /// A system call failed while the scratch folder was set up.
    case systemCall(String, errno: Int32)
    /// A command ended with a failure status; what it printed.
    case commandFailed([String], ProcessResult)
    /// The server started but never accepted connections; the end of its log.
    case notReady(log: String)

    public var description: String {
        switch self {
        case .notInstalled(let path): return "\(path) is missing; `make deps` installs postgresql"
        case .noServerUser: return "running as root, but there is no postgres user to run the server as"
        case .systemCall(let name, let errno): return "\(name) failed: errno \(errno)"
        case .commandFailed(let command, let result):
            return "\(command.joined(separator: " ")) exited \(result.status): \(result.stdout)\(result.stderr)"
        case .notReady(let log): return "the server did not accept connections; its log ends:\n\(log)"
        }
    }
}
