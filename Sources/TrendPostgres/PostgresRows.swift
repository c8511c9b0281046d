/// A statement's result in libpq's text format: the column names and each row's values, nil
/// for SQL NULL.
public struct PostgresRows: Equatable, Sendable {
    public var columns: [String]
    public var rows: [[String?]]
    /// The command tag's row count (`INSERT 0 3` is 3), 0 when it gives none.
    public var affected: Int

    public init(columns: [String] = [], rows: [[String?]] = [], affected: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.affected = affected
    }
}
