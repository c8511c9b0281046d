import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary home with a store in it, and the command line that runs the built trendsh
/// over that store with the fixed clock.
struct Shell {
    let home = TemporaryDirectory()

    var storePath: String { home.file("s.sqlite") }
    var environment: [String: String] { TrendshProcess.environment(home: home.path) }

    /// Pipes `input` (one command per element) into `trendsh --store … --now …`.
    func run(_ input: [String], options: [String] = []) -> PipedProcess.Result {
        run(
            arguments: ["--store", storePath, "--now", Fixtures.now] + options, input: input.map { $0 + "\n" }.joined())
    }

    /// Runs trendsh with exactly `arguments`, `input` on standard input and `environment`.
    func run(arguments: [String], input: String = "", environment: [String: String]? = nil) -> PipedProcess.Result {
        PipedProcess.run(
            [TrendshProcess.binaryPath] + arguments, input: input, environment: environment ?? self.environment)
    }

    /// Runs trendsh through `/bin/sh` inside `directory`, with standard error sent to
    /// standard output so the test sees the two in the order they were written.
    func runMerged(_ input: [String], arguments: [String], directory: String? = nil) -> PipedProcess.Result {
        let script = "cd \"$1\" && shift && exec \"$@\" 2>&1"
        return PipedProcess.run(
            ["/bin/sh", "-c", script, "sh", directory ?? home.path, TrendshProcess.binaryPath] + arguments,
            input: input.map { $0 + "\n" }.joined(), environment: environment)
    }
}

/// The permission bits of the file at `path`, or nil when it does not exist.
func permissions(of path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o777
}

/// The names in a directory and, recursively, in its subdirectories, relative to it.
func filesUnder(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard name != ".", name != ".." else { continue }
        names.append(name)
        if entry.pointee.d_type == UInt8(DT_DIR) {
            names += filesUnder(path + "/" + name).map { name + "/" + $0 }
        }
    }
    return names.sorted()
}
