/// A PostgreSQL store as `--store` names it: a URI, `postgresql://` or `postgres://`, in
/// libpq's form (`postgresql://[user[:password]@][host][:port][,…][/database][?key=value&…]`),
/// percent-decoded. Only a URI names a server: `service=NAME` alone is a valid SQLite file
/// name, so it stays one (`postgresql:///?service=NAME` names the service). A value: reading it
/// opens nothing, and libpq, which the companion binary links, connects with the URI as given.
public struct ServerAddress: Sendable, Equatable {
    /// One `host[:port]` of the URI's host list; nil parts are left to libpq's defaults.
    public struct Host: Sendable, Equatable {
        public var name: String?
        public var port: String?

        public init(name: String?, port: String?) {
            self.name = name
            self.port = port
        }
    }

    /// The URI exactly as given, for libpq.
    public let uri: String
    public let user: String?
    /// Kept only so libpq gets it; never shown (`displayed`) or used in a file's name.
    let password: String?
    public let hosts: [Host]
    public let database: String?
    /// The `?key=value` parameters, in order, decoded.
    public let parameters: [(key: String, value: String)]

    /// The schemes that name a server.
    public static let schemes = ["postgresql://", "postgres://"]

    /// Reads `text` as a server's URI; nil when it is not one (a SQLite path, `:memory:`) or
    /// when it cannot be read as one (a broken percent escape, a port that is not a number).
    public init?(_ text: String) {
        guard let scheme = Self.schemes.first(where: { text.lowercased().hasPrefix($0) }) else { return nil }
        uri = text
        var rest = Substring(text.dropFirst(scheme.count))
        var query = Substring("")
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path: Substring?
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var userText: String?
        var passwordText: String?
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                guard let name = Self.decoded(userInfo[..<colon]),
                    let secret = Self.decoded(userInfo[userInfo.index(after: colon)...])
                else { return nil }
                userText = name
                passwordText = secret
            } else {
                guard let name = Self.decoded(userInfo) else { return nil }
                userText = name
            }
        }
        var hostList: [Host] = []
        if !rest.isEmpty {
            for part in rest.split(separator: ",", omittingEmptySubsequences: false) {
                guard let host = Self.host(part) else { return nil }
                hostList.append(host)
            }
        }
        var pairs: [(key: String, value: String)] = []
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let key = pair.prefix { $0 != "=" }
            let value = pair.dropFirst(key.count).dropFirst()
            guard let decodedKey = Self.decoded(key), let decodedValue = Self.decoded(value) else { return nil }
            pairs.append((decodedKey, decodedValue))
        }
        var databaseText: String?
        if let path, !path.isEmpty {
            guard let name = Self.decoded(path) else { return nil }
            databaseText = name
        }
        // A parameter repeats what the URI's parts say, and wins, as libpq reads it.
        for (key, value) in pairs {
            switch key {
            case "user": userText = value
            case "password": passwordText = value
            case "dbname": databaseText = value
            default: break
            }
        }
        let hostParameter = pairs.last { $0.key == "host" }?.value
        let portParameter = pairs.last { $0.key == "port" }?.value
        if hostParameter != nil || portParameter != nil {
            if hostList.isEmpty { hostList = [Host(name: nil, port: nil)] }
            if let hostParameter { hostList[0].name = hostParameter }
            if let portParameter { hostList[0].port = portParameter }
        }
        user = userText
        password = passwordText
        hosts = hostList
        database = databaseText
        parameters = pairs
    }

    public static func == (lhs: ServerAddress, rhs: ServerAddress) -> Bool { lhs.uri == rhs.uri }

    /// The service the URI names (`?service=NAME`), if any.
    public var service: String? { parameters.last { $0.key == "service" }?.value }

    /// True when the URI holds a password, which `displayed` hides.
    public var hasPassword: Bool { password != nil }

    /// The URI as trendsh shows it (`status`, messages): the password replaced by `***`,
    /// in the user part and in a `password=` parameter.
    public var displayed: String {
        guard hasPassword else { return uri }
        let parts = URIParts(uri)
        var shown = String(parts.scheme)
        if let at = parts.authority.lastIndex(of: "@"), let colon = parts.authority[..<at].firstIndex(of: ":") {
            shown += parts.authority[...colon] + "***" + parts.authority[at...]
        } else {
            shown += parts.authority
        }
        shown += parts.path
        if let query = parts.query {
            let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
                pair.prefix { $0 != "=" } == "password" ? "password=***" : String(pair)
            }
            shown += "?" + pairs.joined(separator: "&")
        }
        return shown
    }

    /// A URI cut where its parts meet, as written: the scheme with its `://`, the authority
    /// (`user:password@hosts`), the path from its `/`, and the query after `?` (nil without one).
    struct URIParts {
        let scheme: Substring
        let authority: Substring
        let path: Substring
        let query: Substring?

        init(_ uri: String) {
            scheme = uri.prefix(ServerAddress.schemes.first { uri.lowercased().hasPrefix($0) }?.count ?? 0)
            var rest = uri[scheme.endIndex...]
            if let mark = rest.firstIndex(of: "?") {
                query = rest[rest.index(after: mark)...]
                rest = rest[..<mark]
            } else {
                query = nil
            }
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = rest[..<authorityEnd]
            path = rest[authorityEnd...]
        }
    }

    /// What names this store on this machine, for the names of its local files (the draft,
    /// the pending changes, the settings): host, port, database and role, each as the URI
    /// gives it or as `environment` (the `PG*` variables, then libpq's defaults) fills it in;
    /// a service by its name. Never the password.
    public func identity(environment: [String: String]) -> String {
        func fromEnvironment(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        if let service { return "service " + service }
        let role = user ?? fromEnvironment("PGUSER") ?? fromEnvironment("USER") ?? fromEnvironment("LOGNAME") ?? ""
        let first = hosts.first
        let host = first?.name ?? fromEnvironment("PGHOST") ?? "/var/run/postgresql"
        let port = first?.port ?? fromEnvironment("PGPORT") ?? "5432"
        let name = database ?? fromEnvironment("PGDATABASE") ?? role
        return "\(host) \(port) \(name) \(role)"
    }

    /// `identity` as a file name: `pg-` and its parts, with every byte but letters, digits,
    /// `.`, `_` and `-` written as `%XX`, so two stores never share a name and no name
    /// holds a slash.
    public func fileStem(environment: [String: String]) -> String {
        var stem = "pg-"
        for byte in identity(environment: environment).utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                stem.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "): stem += "+"
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                stem += "%"
                stem.unicodeScalars.append(digits[Int(byte >> 4)])
                stem.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return stem
    }

    /// One `host[:port]`: an IPv6 host in brackets keeps its colons.
    private static func host(_ text: Substring) -> Host? {
        var name: Substring = text
        var port: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            name = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if after.hasPrefix(":") { port = after.dropFirst() } else if !after.isEmpty { return nil }
        } else if let colon = text.lastIndex(of: ":") {
            name = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        if let port, port.isEmpty || !port.allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
        guard let decodedName = decoded(name) else { return nil }
        return Host(name: decodedName.isEmpty ? nil : decodedName, port: port.map(String.init))
    }

    /// `text` with its `%XX` escapes decoded; nil for a broken escape or bytes that are not UTF-8.
    static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
