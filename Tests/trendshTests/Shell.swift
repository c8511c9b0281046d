import TrendshTestSupport

/// A temporary home with a store in it, and the command line that runs the built trendsh
/// over that store with the fixed clock.
struct Shell {
    let home = TemporaryDirectory()

    var storePath: String { home.file("s.sqlite") }
    var environment: [String: String] { TrendshProcess.environment(home: home.path) }

    /// Pipes `input` (one command per element) into `trendsh --store … --now …`.
    func run(_ input: [String], options: [String] = []) -> ProcessResult {
        run(
            arguments: ["--store", storePath, "--now", Fixtures.now] + options, input: input.map { $0 + "\n" }.joined())
    }

    /// Runs trendsh with exactly `arguments`, `input` on standard input and `environment`.
    func run(arguments: [String], input: String = "", environment: [String: String]? = nil) -> ProcessResult {
        TrendshProcess.run(arguments, input: input, environment: environment ?? self.environment)
    }

    /// Runs trendsh inside `directory` (the home when nil), with standard error sent to
    /// standard output so the test sees the two in the order they were written.
    func runMerged(_ input: [String], arguments: [String], directory: String? = nil) -> ProcessResult {
        TrendshProcess.run(
            arguments, input: input.map { $0 + "\n" }.joined(), environment: environment,
            directory: directory ?? home.path, mergingErrors: true)
    }
}
