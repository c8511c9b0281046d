/// A SQLite call the test made itself failed.
public struct SQLiteFailure: Error, Equatable {
    public var code: Int32
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }
}
