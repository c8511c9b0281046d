/// The one rule for text a spreadsheet would run as a formula, for every CSV trendsh writes
/// (an export, `--format csv`): text whose first byte is `=`, `+`, `-` or `@`, a tab or a
/// carriage return (OWASP's list: a spreadsheet drops a leading tab or CR and reads what
/// follows) gets one `'` in front. So does text that starts with `'`, so that trendsh's own
/// import, which removes one leading `'`, gives back exactly what was stored.
public enum FormulaGuard {
    /// The first bytes that call for the mark.
    static let markedFirstBytes: Set<UInt8> = [
        UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D, UInt8(ascii: "'"),
    ]

    /// True when `text` gets a `'` in front.
    public static func needsMark(_ text: String) -> Bool {
        text.utf8.first.map(markedFirstBytes.contains) ?? false
    }
}
