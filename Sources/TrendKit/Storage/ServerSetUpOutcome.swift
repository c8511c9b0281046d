/// What the administrator's run (`trendsh --set-up`) did to a server's store: set it up,
/// brought it up to this trendsh's format, or found it there already.
public struct ServerSetUpOutcome: Sendable, Equatable {
    /// What the run changed.
    public enum Change: Sendable, Equatable {
        /// The database held no store: every table was made.
        case created
        /// The store had this older format: the steps after it ran, in one transaction.
        case upgraded(from: Int)
        /// The store had this trendsh's format already: nothing was changed.
        case upToDate
    }

    public let change: Change
    /// The store's format now.
    public let format: Int
    /// The role that owns the tables and functions, which cannot log in.
    public let owner: String
    /// Whose log the rows of a store older than people became; nil where none did.
    public let firstPerson: String?
    /// What each step that ran does, in order, in a few words.
    public let steps: [String]

    public init(change: Change, format: Int, owner: String, firstPerson: String?, steps: [String]) {
        self.change = change
        self.format = format
        self.owner = owner
        self.firstPerson = firstPerson
        self.steps = steps
    }
}
