import TrendshTestSupport

/// The shared temporary directory as TrendKit's tests hold it: made with `try`, removed by
/// the test itself with `remove()`.
struct TemporaryDirectory {
    private let directory: TrendshTestSupport.TemporaryDirectory

    init() throws { directory = TrendshTestSupport.TemporaryDirectory() }

    var path: String { directory.path }

    /// A path inside the directory; nothing is created.
    func file(_ name: String) -> String { directory.file(name) }

    /// Deletes the directory and everything in it.
    func remove() { directory.remove() }

    /// Writes `bytes` to `name` inside the directory and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String { try directory.write(bytes, to: name) }
}
