import TrendKit

/// The fixed values every fault test shares.
enum Fixtures {
    /// The clock every run is pinned to (`--now`), with TZ=UTC.
    static let now = "2026-11-29T08:00:00Z"
    /// `now` as trendsh shows it.
    static let minute = "2026-11-29 08:00"

    /// Bytes that are not a SQLite file: a fixed pseudo-random sequence, so a failure repeats.
    static let randomBytes: [UInt8] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<4096).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }()

    /// A text file someone saved where the store should be.
    static let textFile = Array("Weights for November\n75.0 76.2 75.8\nDo not delete.\n".utf8)

    /// The sentences trendsh prints for each fault (see TrendShell/Messages).
    enum Sentence {
        static let locked = "The store is locked by another program. Close that program, then try again."
        /// A file that is not a store, or that could not be read as one, is never written.
        static let damaged = "It was left untouched"
        static let cannotOpen = "can't be opened: its folder is missing or can't be written."
        static let diskFull = "The disk is full, so nothing was written. Free some space, then try again."
        static let ioError = "The disk reported an I/O error, so nothing was confirmed."
        static let invalidWeight = "Enter a weight between 20 and 500 kg."
        static let simulated = "(simulated failure)"
        static let draftKept = "The draft is kept; type \"save\" to try again."
        static let otherSession =
            "Another trendsh session is using this store, so this session's draft is kept in memory only."
    }

    /// The draft the draft file holds now, read as the next session would; nil for none.
    static func draftOnDisk(_ path: String) -> DraftRecord? {
        do {
            return try DraftFile(path: path).load()
        } catch {
            return nil
        }
    }
}
