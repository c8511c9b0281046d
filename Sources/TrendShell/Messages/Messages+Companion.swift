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
