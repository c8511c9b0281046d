import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// Where `--learn` finds the lessons, and the lessons found there: the folder `--lessons`
/// names; else `docs/tutorial` in the checkout the binary was built in (a folder above the
/// binary's own); else `share/trendsh/tutorial` beside the binary's `bin` folder, where the
/// Debian package puts them (`/usr/share/trendsh/tutorial`). A lesson is a file
/// `NN-topic.transcript`; the other files there (the CSV file lesson 14 imports) are its data.
public struct LessonShelf: Sendable {
    /// One lesson's file: its number, path and name without `.transcript`.
    public struct LessonFile: Equatable, Sendable {
        public var number: Int
        public var path: String
        public var name: String
    }

    /// The folder the lessons were found in.
    public let folder: String
    /// Every lesson there, by number.
    public let lessons: [LessonFile]

    /// The folders looked in, in order, for a binary at `executable`.
    public static func candidates(named: String?, executable: String?) -> [String] {
        if let named { return [named] }
        guard let executable else { return [] }
        var folders: [String] = []
        var folder = parent(of: executable)
        let binFolder = folder
        // .build/release/trendsh, .build/x86_64-unknown-linux-gnu/release/trendsh: at most a
        // few folders up is the checkout.
        for _ in 0..<4 {
            folder = parent(of: folder)
            folders.append((folder == "/" ? "" : folder) + "/docs/tutorial")
            if folder == "/" { break }
        }
        let prefix = parent(of: binFolder)
        let installed = (prefix == "/" ? "" : prefix) + "/share/trendsh/tutorial"
        // Installed as a package, the package's folder comes first.
        return binFolder.hasSuffix("/bin") ? [installed] + folders : folders + [installed]
    }

    /// The first of `folders` that holds at least one lesson; nil when none does.
    public static func find(in folders: [String]) -> LessonShelf? {
        for folder in folders {
            let lessons = lessonFiles(in: folder)
            if !lessons.isEmpty { return LessonShelf(folder: folder, lessons: lessons) }
        }
        return nil
    }

    /// The lesson `text` names: its number (`3`, `03`), or its file's name.
    public func lesson(named text: String) -> LessonFile? {
        if let number = Int(text), text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return lessons.first { $0.number == number }
        }
        let stem = text.hasSuffix(Lesson.fileSuffix) ? String(text.dropLast(Lesson.fileSuffix.count)) : text
        return lessons.first { $0.name == stem }
    }

    /// Reads one lesson of the shelf.
    @MainActor
    public func read(_ lesson: LessonFile) throws(LessonError) -> Lesson {
        try Lesson.read(path: lesson.path, name: lesson.name + Lesson.fileSuffix, number: lesson.number)
    }

    private static func lessonFiles(in folder: String) -> [LessonFile] {
        var found: [LessonFile] = []
        for name in FolderNames.names(in: folder) {
            guard name.hasSuffix(Lesson.fileSuffix), let number = Lesson.number(ofFile: name) else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            found.append(LessonFile(number: number, path: path, name: String(name.dropLast(Lesson.fileSuffix.count))))
        }
        // Two files with one number: the first by name is the lesson.
        found.sort { ($0.number, $0.name) < ($1.number, $1.name) }
        var seen = Set<Int>()
        return found.filter { seen.insert($0.number).inserted }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The real path of the running binary, read from `/proc/self/exe`.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
