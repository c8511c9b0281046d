#if canImport(Glibc)
    import Glibc
#endif

extension OwnFiles {
    /// Which of trendsh's files `path` is, or nil when it is none of them. It is one when
    /// its normalised path (the real path of its folder, then its last part) is an own
    /// file's, normalised the same way, whether that file exists yet or not; or when it is
    /// the same existing file as one (device and inode: a hard link, a bind mount). The
    /// backup copies and the temporary files trendsh replaces its files through are
    /// families of names, matched as patterns. A relative path is read from the working
    /// folder now; a relative own path from the one the registry was made in.
    public func identify(_ path: String) -> Match? {
        let named = FilePath.normalised(path, from: FilePath.workingFolder())
        let owned = ownPaths()
        if let own = owned.first(where: { $0.path == named }) { return own.match }
        if let match = Self.family(named, owned) { return match }
        if let match = scratchFolder(holding: named) { return match }
        guard let identity = FileIdentity(path: path) else { return nil }
        if let own = owned.first(where: { FileIdentity(path: $0.path) == identity }) { return own.match }
        // A family's members are found by listing the folders trendsh keeps them in.
        var seen: Set<String> = []
        for folder in owned.map({ FilePath.folder(of: $0.path) }) where seen.insert(folder).inserted {
            for name in FolderNames.names(in: folder) {
                let member = (folder == "/" ? "" : folder) + "/" + name
                if let match = Self.family(member, owned), FileIdentity(path: member) == identity { return match }
            }
        }
        return nil
    }

    /// One own file with a single name, normalised.
    private struct OwnPath {
        var match: Match
        var path: String
        var replacedThroughTemporary: Bool
    }

    /// Every own file with a single name: the store in use's, the default store's (when it is
    /// another), the history and the start-up files.
    private func ownPaths() -> [OwnPath] {
        func normalised(_ path: String) -> String { FilePath.normalised(path, from: workingFolder) }
        var stores: [(path: String, ofDefaultStore: Bool)] = []
        if case .file(let path) = store { stores.append((normalised(path), false)) }
        if let defaultStore, !stores.contains(where: { $0.path == normalised(defaultStore) }) {
            stores.append((normalised(defaultStore), true))
        }
        var paths: [OwnPath] = []
        for (storePath, ofDefaultStore) in stores {
            for declaration in Self.declarations {
                guard let path = Self.path(of: declaration.file, besideStore: storePath) else { continue }
                paths.append(
                    OwnPath(
                        match: Match(file: declaration.file, ofDefaultStore: ofDefaultStore), path: path,
                        replacedThroughTemporary: declaration.replacedThroughTemporary))
            }
        }
        var elsewhere = (history.map { [(OwnFile.history, $0)] } ?? []) + startupFiles.map { (.startupFile, $0) }
        if case .server = store {
            // A server's draft, pending changes and settings, in the state folder.
            for declaration in Self.declarations {
                switch declaration.name {
                case .besideStore, .lock:
                    if let path = path(of: declaration.file) { elsewhere.append((declaration.file, path)) }
                default: break
                }
            }
        }
        for declaration in Self.declarations {
            if case .stateFile = declaration.name, let path = path(of: declaration.file) {
                elsewhere.append((declaration.file, path))
            }
        }
        for (file, path) in elsewhere {
            paths.append(
                OwnPath(
                    match: Match(file: file), path: normalised(path),
                    replacedThroughTemporary: Self.declaration(of: file).replacedThroughTemporary))
        }
        return paths
    }

    /// The family member `path` is (normalised): a backup copy of a store, or a temporary file
    /// beside an own file that is replaced through one.
    private static func family(_ path: String, _ owned: [OwnPath]) -> Match? {
        for own in owned {
            if own.match.file == .store, let rest = suffix(of: path, after: own.path + ".v"), isBackupSuffix(rest) {
                return Match(file: .backup, ofDefaultStore: own.match.ofDefaultStore)
            }
            if own.replacedThroughTemporary, let rest = suffix(of: path, after: own.path + ".tmp-"), isNumber(rest) {
                return Match(file: own.match.file, ofDefaultStore: own.match.ofDefaultStore, temporary: true)
            }
        }
        return nil
    }

    /// The scratch folder `path` is, or is inside (at any depth): a folder `mkdtemp` could
    /// have made from a declared prefix in the temporary folder. Its files are removed with
    /// it, so a file a person names there would be lost.
    private func scratchFolder(holding path: String) -> Match? {
        let base = FilePath.normalised(temporaryFolder, from: workingFolder)
        guard let rest = Self.suffix(of: path, after: base == "/" ? "/" : base + "/") else { return nil }
        let folder = rest.prefix { $0 != "/" }
        for declaration in Self.declarations {
            guard case .scratchFolder(let prefix) = declaration.name,
                let random = Self.suffix(of: String(folder), after: prefix)
            else { continue }
            if random.count == ScratchFolder.randomLength { return Match(file: declaration.file) }
        }
        return nil
    }

    private static func suffix(of path: String, after prefix: String) -> Substring? {
        path.hasPrefix(prefix) ? path.dropFirst(prefix.count) : nil
    }

    /// `<N>-backup` or `<N>-backup-<K>`: what `backupPath` puts after `<store>.v`.
    private static func isBackupSuffix(_ text: Substring) -> Bool {
        let version = text.prefix { $0.isASCII && $0.isNumber }
        guard !version.isEmpty, let rest = suffix(of: String(text.dropFirst(version.count)), after: "-backup") else {
            return false
        }
        return rest.isEmpty || (rest.first == "-" && isNumber(rest.dropFirst()))
    }

    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
