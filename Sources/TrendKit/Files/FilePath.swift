#if canImport(Glibc)
    import Glibc
#endif

/// Paths spelled one way, so that two spellings of one place compare equal: `st.sqlite`,
/// `./st.sqlite` and `/home/ana/link-to-here/st.sqlite` are one path once normalised.
enum FilePath {
    /// The process's working folder, or "/" when it cannot be named (it was removed).
    static func workingFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` as an absolute path, relative paths read from `folder`; nothing is resolved.
    static func absolute(_ path: String, from folder: String) -> String {
        path.hasPrefix("/") ? path : (folder == "/" ? "/" : folder + "/") + path
    }

    /// The real path of the folder `path` is in, followed by its last part: symbolic links
    /// and `.`/`..` in the folder are resolved as far as it exists, and the rest is read as
    /// written, so a file that does not exist yet has the path it would be created at. The
    /// last part is not resolved: that is where a file is created or replaced.
    static func normalised(_ path: String, from folder: String) -> String {
        var parts = absolute(path, from: folder).split(separator: "/").map(String.init)
        guard let last = parts.popLast() else { return "/" }
        if last == "." || last == ".." { return realFolder(parts + [last]) }
        return join(realFolder(parts), last)
    }

    /// The real path of the folder made of `parts` (from the root), or of as much of it as
    /// exists, with the rest read as written.
    private static func realFolder(_ parts: [String]) -> String {
        if let real = realPath("/" + parts.joined(separator: "/")) { return real }
        guard let last = parts.last else { return "/" }
        let parent = realFolder(Array(parts.dropLast()))
        switch last {
        case ".": return parent
        case "..": return parent.lastIndex(of: "/").map { $0 == parent.startIndex ? "/" : String(parent[..<$0]) } ?? "/"
        default: return join(parent, last)
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    /// The folder part of a normalised path.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
