import TrendshTestSupport

/// Reads the kilograms column straight from a store file, newest id first, so a test can see
/// what trendsh wrote underneath what it shows.
func storedKilograms(in path: String) throws(SQLiteFailure) -> [Double] {
    try OtherProgram(path: path).reals("SELECT kilograms FROM entries ORDER BY id DESC")
}
