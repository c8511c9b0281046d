extension Messages {
    /// The static trendsh could not hand a server's store to its companion (exit 127 or 126).
    static func companion(_ failure: Companion.Failure, store shown: String) -> String {
        let opensServers = "\(shown) names a PostgreSQL server, which only trendsh's companion trendsh-pg can open"
        let provides =
            "Install the trendsh package, which puts it in \(Companion.installedPath), or run \"make release\", which builds it beside trendsh."
        switch failure {
        case .missing(let places):
            let listed =
                places.count > 1
                ? places.dropLast().joined(separator: ", ") + " or " + (places.last ?? "") : places.joined()
            return "\(opensServers), and there is none at \(listed). \(provides)"
        case .notRunnable(let path, let reason):
            return "\(opensServers), and \(path) could not be run: \(reason). \(provides)"
        case .notTheCompanion(let path):
            return
                "\(opensServers), and \(path), run as the companion, is the static trendsh itself. \(provides)"
        }
    }

    /// The companion reached the server and has no log to keep there yet (exit 1).
    public static func serverStoreNotYet(store shown: String, version: Int) -> String {
        // libpq's number: major × 10000 + minor since PostgreSQL 10.
        let release = "\(version / 10000).\(version % 10000)"
        return
            "The PostgreSQL \(release) server at \(shown) answered, but this build of trendsh does not yet keep a log on a PostgreSQL server, so nothing was read or written there. Name a store file, or leave out --store for the default one."
    }

    /// The companion could not use the server (exit 1): libpq's own sentence, then what to do.
    /// Only a failure that a retry can fix says to try again.
    public static func serverStore(_ failure: ServerStoreFailure, store shown: String) -> String {
        switch failure {
        case .unreachable(let detail):
            return
                "The PostgreSQL server at \(shown) could not be reached: \(libpqSentence(detail)) Check that the server is running and that the URI's host and port are its own, then try again."
        case .loginRefused(let detail):
            return
                "The PostgreSQL server at \(shown) refused the login: \(libpqSentence(detail)) Check the role and its password (kept in ~/.pgpass rather than the URI) and that the server's pg_hba.conf admits this machine."
        case .tlsRefused(let detail):
            return
                "The connection to the PostgreSQL server at \(shown) was refused over TLS: \(libpqSentence(detail)) Check the URI's sslmode and the server's TLS settings."
        case .lost(let detail):
            return
                "The connection to the PostgreSQL server at \(shown) broke before it was ready: \(libpqSentence(detail)) Try again."
        case .other(let detail):
            return "The PostgreSQL server at \(shown) could not be used: \(libpqSentence(detail))"
        }
    }

    /// libpq's message on one line, each of its lines a sentence ending in its own stop: it
    /// often runs over two ("…failed: Connection refused", then "Is the server running…?").
    static func libpqSentence(_ detail: String) -> String {
        var text = ""
        for line in detail.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var part = String(line.drop { $0 == " " || $0 == "\t" })
            while part.hasSuffix(" ") || part.hasSuffix("\t") { part.removeLast() }
            guard !part.isEmpty else { continue }
            if let last = part.last, !".?!".contains(last) { part += "." }
            text += (text.isEmpty ? "" : " ") + part
        }
        return text.isEmpty ? "libpq gave no reason." : text
    }
}
