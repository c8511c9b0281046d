import FoundationEssentials

/// Local time with its offset, as exports write it, for output that names a moment.
public enum LocalTimeText {
    /// `2026-11-29T09:00:00.000+01:00` (in UTC, `Z`, where the offset has odd seconds).
    public static func iso(_ date: Date) -> String {
        var bytes: [UInt8] = []
        TimeText.appendLocal(StoredTime.milliseconds(date), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same for a moment given in milliseconds since 1970.
    public static func iso(milliseconds: Int64) -> String {
        var bytes: [UInt8] = []
        TimeText.appendLocal(milliseconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
