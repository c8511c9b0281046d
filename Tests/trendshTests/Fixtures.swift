/// Values shared by the end-to-end tests. Every run uses the fixed clock and `TZ=UTC`, so
/// dates print the same on every machine.
enum Fixtures {
    /// The `--now` every run passes.
    static let now = "2026-11-29T08:00:00Z"
    /// How `now` prints.
    static let nowText = "2026-11-29 08:00"

    static let savedFirst = "Saved #1: 75.0 kg on 2026-11-29 08:00."
    static let kilogramsError =
        "error: Enter a weight between 20 and 500 kg. The draft is kept; fix it and save again."
    static let futureError = "error: An entry can't be dated in the future. The draft is unchanged."
    /// Input ended with unsaved changes and the draft file keeps them.
    static let endedUnsaved =
        "warning: The session ended with unsaved changes in the draft; it was not saved. The draft file keeps it, and the next trendsh on this log restores it."
    /// Input ended with unsaved changes that nothing keeps (`:memory:`, or no draft file).
    static let endedUnsavedInMemory =
        "warning: The session ended with unsaved changes in the draft; it was not saved. The store is in memory, so nothing of it is kept."
    static let noEntries = "No entries yet. Log one with \"value WEIGHT\", then \"save\"."
    static let unsavedDraftOpen =
        "error: A draft with unsaved changes is open (value \"75\", dated 2026-11-29 08:00). Save it with \"save\" or discard it with \"cancel\" first."

    /// Kilograms stored for 165 lb: 165 × 0.45359237.
    static let kilogramsFor165Pounds = 74.84274105

    /// An Apple Health `export.xml` on one line: three BodyMass records, on 2026-11-20, 21 and
    /// 22 at 08:00 UTC, the second with a letter O for a zero (`8O.4`).
    static let appleHealthOneLine =
        "<HealthData locale=\"en_US\">"
        + "<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"2026-11-20 08:00:00 +0000\" value=\"80.1\"/>"
        + "<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"2026-11-21 08:00:00 +0000\" value=\"8O.4\"/>"
        + "<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"2026-11-22 08:00:00 +0000\" value=\"80.2\"/>"
        + "</HealthData>\n"
    /// trendsh's JSON export on one line: two entries, notes "a" and "b".
    static let jsonOneLine =
        "{\"format\":\"trendsh-entries\",\"version\":1,\"entries\":["
        + "{\"date\":\"2026-11-20T08:00:00.000+00:00\",\"kilograms\":80.0,\"note\":\"a\"},"
        + "{\"date\":\"2026-11-21T08:00:00.000+00:00\",\"kilograms\":80.5,\"note\":\"b\"}]}\n"
}

/// The lines joined as a program prints or reads them: each ends with a newline.
func lines(_ lines: String...) -> String { lines.map { $0 + "\n" }.joined() }
