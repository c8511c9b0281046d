import TrendKit

extension Messages {
    /// `--init FILE`, or the start-up file, cannot be read.
    public static func startupFileUnreadable(_ path: String) -> String {
        "The start-up file \(path) could not be read, so none of it was run. Run trendsh with -X to skip it."
    }
}
