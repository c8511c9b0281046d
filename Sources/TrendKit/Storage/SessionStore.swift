import FoundationEssentials

/// The store a session runs on: a `RecordStore` the features write through, and what the
/// shell asks of the store between them. `Store` is one for a SQLite file or memory; the
/// companion's `ServerStore` is one for a PostgreSQL server. The session sees only this, so
/// every command works the same on both.
@MainActor
public protocol SessionStore: RecordStore {
    /// Where the store is, as `status` and the banner show it (a server's password masked).
    var location: StoreLocation { get }
    /// The failures `simulate` asks for, consulted by every read and write.
    var faults: FaultInjector { get }
    /// Marks the start of one command: what the store waits for (another program's lock, a
    /// server that does not answer) it waits for once in the command, not once per read.
    func beginCommand()
    /// Marks the end of the command `beginCommand` began.
    func endCommand()
    /// The next command's line was not there when the session came to read it: whoever sent
    /// it saw the answers before it and may have put right what failed (started the server
    /// again). A failure the store would otherwise meet at once is tried afresh.
    func lineArrivedAfterWaiting()
    /// True when, in the current command, a wait for another program's lock ran out.
    var lockWaitRanOut: Bool { get }
    /// Runs `body` without waiting for another program's lock, and says whether one was met,
    /// so that work which must not stall (starting a session) can be done again later.
    func withoutWaiting<T>(_ body: () -> T) -> (result: T, metLock: Bool)
    /// True when another session has committed since the last call (or since connecting).
    func changedElsewhere() -> Bool
    /// How many writes the store has confirmed in this session: a command that finds it
    /// risen knows that one of its writes reached the store (settings waiting for the store
    /// follow it there).
    var writesConfirmed: Int { get }
    /// What opening the store found that a person should hear about, each once.
    func takeNotices() -> [StoreNotice]
    /// The identity the store keeps of itself, once it has been reached: a server's UUID,
    /// which a draft records so that it is never saved into another log. Nil for SQLite,
    /// whose draft file lives beside the store it belongs to.
    var identity: String? { get }
    /// The person whose log the session works on, once the store has been reached and is
    /// known to hold them: a draft and the pending changes record it, so neither is ever
    /// applied to another person's log.
    var personName: String? { get }
    /// Makes `name` the person whose log the session works on from now on; on a refusal
    /// (nobody of that name, or a server, where the person is the login role) it stays.
    func choosePerson(_ name: PersonName) throws(StorageError)
    /// Adds `name` to the people the store holds; false when it holds them already.
    func addPerson(_ name: PersonName) throws(StorageError) -> Bool
    /// Everyone whose log the session may read, with their latest figures as of `now`.
    func people(asOf now: Date) throws(StorageError) -> [PersonSummary]
    /// Lets the role `reader` read the session's own log; false when it may already. Only a
    /// server enforces who reads what: a SQLite store refuses (`.sharingNeedsAServer`).
    func share(with reader: PersonName) throws(StorageError) -> Bool
    /// Takes back `reader`'s reading of the session's own log; false when it had none.
    func unshare(with reader: PersonName) throws(StorageError) -> Bool
    /// The roles the session's own log is shared with, by name.
    func readers() throws(StorageError) -> [PersonName]
}
