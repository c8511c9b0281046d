extension Options.Declaration {
    /// What an option's value is. The completion scripts offer what fits it; parsing does not
    /// look at it.
    public enum ValueKind: Equatable, Sendable {
        /// Any text (a time, a number, a command): nothing to offer.
        case text
        /// A file name.
        case file
        /// File names, each its own argument, up to the next option (`--check FILE...`).
        case files
        /// One of these words.
        case words([String])
    }
}
