#if canImport(Glibc)
    import Glibc
#endif

/// The names in a folder, read once by whatever lists one: the registry looking for a
/// family's members, a scratch folder being emptied, the lessons `--learn` finds.
public enum FolderNames {
    /// The names in `folder` but `.` and `..`; none when it cannot be listed.
    public static func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
