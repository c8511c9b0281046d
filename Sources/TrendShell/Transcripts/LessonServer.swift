import TrendKit

/// The PostgreSQL server a lesson with a `# server:` line runs on: the one `--check`, `--play`
/// or `--learn` was given with `--store`, reached through the companion's opener (TrendShell
/// never sees libpq). Each of the lesson's sessions logs in as one of its roles, the URI with
/// its user replaced (`ServerAddress.loggingIn(as:)`), and keeps its local files (the draft,
/// the pending changes, the settings) in the run's scratch folder, named after its role: the
/// sessions are the lesson's, not the person's, so nothing lands in their state folder, and
/// each role has a draft file of its own, as two people on two machines do.
@MainActor
public struct LessonServer {
    /// The server and database, as `--store` names them; its own user never logs in.
    public let address: ServerAddress
    let opener: any ServerStoreOpener

    public init(address: ServerAddress, opener: any ServerStoreOpener) {
        self.address = address
        self.opener = opener
    }

    /// A session as `role`, over `files` with the store on the server, its local files in
    /// `folder`, the rest as `Session.make` takes them. Nothing connects until its first read.
    func session(
        as role: PersonName, files: OwnFiles, in folder: String, clock: Clock, output: any OutputSink,
        style: TerminalStyle = .plain, interruptRequested: @escaping @Sendable () -> Bool = { false },
        namedFiles: NamedFile.Permissions = .shared, inputs: [NamedFileRules.Input] = [],
        terminalWidth: @escaping @MainActor () -> Int = { 80 }
    ) -> Session {
        let login = address.loggingIn(as: role)
        let opener = opener
        return Session.make(
            files: files.with(store: .server(login, localName: role.rawValue), serverFilesIn: folder), clock: clock,
            output: output, style: style, interruptRequested: interruptRequested, namedFiles: namedFiles,
            inputs: inputs, terminalWidth: terminalWidth, person: .nobody,
            serverStore: { trace in
                opener.store(
                    at: login, localName: role.rawValue, interruptRequested: interruptRequested, trace: trace,
                    person: nil)
            })
    }
}
