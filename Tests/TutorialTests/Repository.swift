#if canImport(Glibc)
    import Glibc
#endif

/// The checked-out package these tests run in, found from this file's own path so the
/// tests work from any working directory.
enum Repository {
    /// The nearest directory above this file that holds `Package.swift`.
    static let root: String = {
        var directory = String(#filePath)
        while let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            directory = String(directory[..<slash])
            if access(directory + "/Package.swift", F_OK) == 0 { return directory }
        }
        preconditionFailure("no Package.swift above \(#filePath)")
    }()

    /// Every `*.transcript` under `docs/`, relative to the root, in name order. Read when
    /// the tests run, so a new lesson is replayed without touching this code.
    static func transcripts() -> [String] {
        files(under: "docs").filter { $0.hasSuffix(".transcript") }
    }

    /// The files below `directory` (relative to the root), recursively, skipping hidden names.
    static func files(under directory: String) -> [String] {
        guard let stream = opendir(root + "/" + directory) else { return [] }
        defer { closedir(stream) }
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = directory + "/" + name
            if entry.pointee.d_type == UInt8(DT_DIR) {
                found += files(under: path)
            } else {
                found.append(path)
            }
        }
        return found.sorted()
    }
}
