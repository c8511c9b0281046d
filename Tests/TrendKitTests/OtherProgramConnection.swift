import TrendshTestSupport

/// The shared connection as TrendKit's tests open it: it makes the file when it is missing
/// and waits for no lock, so a lock held elsewhere shows at once.
final class OtherProgramConnection: OtherProgram {
    init(path: String) throws { try super.init(path: path, creating: true, busyTimeoutMilliseconds: 0) }
}
