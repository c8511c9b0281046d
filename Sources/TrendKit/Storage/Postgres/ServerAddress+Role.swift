extension ServerAddress {
    /// The same server and database, logging in as `role`: a lesson's session (`# server:`)
    /// logs in as one of its roles wherever the `--store` URI points. The URI's user is
    /// replaced where libpq reads it (a `user=` parameter, which wins, else the part before
    /// `@`), and a password, which belongs to the user replaced, is left out in both places:
    /// each role's own comes from `~/.pgpass` or the server's rules. Everything else (hosts
    /// and ports, a `?host=` socket folder, the database, a service, `sslmode`) stays as written.
    public func loggingIn(as role: PersonName) -> ServerAddress {
        let parts = URIParts(uri)
        let hosts =
            parts.authority.lastIndex(of: "@").map { parts.authority[parts.authority.index(after: $0)...] }
            ?? parts.authority
        var pairs: [String] = []
        var userInQuery = false
        for pair in (parts.query ?? "").split(separator: "&", omittingEmptySubsequences: false) {
            switch pair.prefix(while: { $0 != "=" }) {
            case "password": continue
            case "user":
                userInQuery = true
                pairs.append("user=" + role.rawValue)
            default: pairs.append(String(pair))
            }
        }
        // A person's name is letters, digits, `_`, `-` and `.`: nothing a URI must escape.
        let text =
            String(parts.scheme) + (userInQuery ? "" : role.rawValue + "@") + hosts + parts.path
            + (parts.query == nil ? "" : "?" + pairs.joined(separator: "&"))
        guard let address = ServerAddress(text) else {
            // Only the user and the password changed, in forms the reader accepts.
            preconditionFailure("a role's URI could not be read back: \(displayed)")
        }
        return address
    }
}
