import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// A store on a PostgreSQL server, in the companion: for now it is reached for, and the
/// answer said, but no log is kept there yet.
extension Launch {
    /// Connects to `server` and ends the process: with libpq's failure as an error and status 1,
    /// or, once connected, with a plain sentence that this build keeps no log on a server yet
    /// (status 1: nothing the command line asked for was done).
    func openServerStore(_ server: ServerAddress) -> Never {
        guard let serverStores else {
            // Not reached: the static trendsh hands such a command line to its companion, or
            // says why it could not, before it gets here.
            exit(ExitStatus.failure.rawValue)
        }
        let message: String
        switch serverStores.contact(server) {
        case .reached(let version): message = Messages.serverStoreNotYet(store: server.displayed, version: version)
        case .failed(let failure): message = Messages.serverStore(failure, store: server.displayed)
        }
        output.write("error: \(DisplayText.escaped(message))", to: .err)
        output.flush()
        exit(ExitStatus.failure.rawValue)
    }
}
