/// The fields of a draft record a person typed, as the trace shows them: never the draft's
/// identity, the state it was opened in, the entry it edits, or a file's path and stamp.
extension DraftRecord {
    /// The fields a person typed, the date, value, unit and note first, then the rest by name.
    public var typedFields: [TraceField] {
        fields.keys.filter(Self.isTyped).sorted(by: Self.comesFirst).map {
            TraceField(name: $0, text: fields[$0] ?? "")
        }
    }

    /// The typed fields that differ between `old` and `self` (a field removed is empty).
    public func typedChanges(since old: DraftRecord?) -> [TraceField] {
        let keys = Set(fields.keys).union(old?.fields.keys ?? [:].keys).filter(Self.isTyped)
        return keys.filter { fields[$0] != old?.fields[$0] }.sorted(by: Self.comesFirst).map {
            TraceField(name: $0, text: fields[$0] ?? "")
        }
    }

    /// True for a field a person typed.
    static func isTyped(_ key: String) -> Bool {
        !(key == "id" || key == storeField || key == personField || key == "legacy" || key == "files"
            || key == "columns"
            || key.hasPrefix("opened.") || key.hasPrefix("editing")
            || key.hasSuffix(".previewed") || key.hasSuffix(".path"))
    }

    private static let leading = ["date", "value", "unit", "note", "name"]

    private static func comesFirst(_ left: String, _ right: String) -> Bool {
        switch (leading.firstIndex(of: left), leading.firstIndex(of: right)) {
        case (let l?, let r?): return l < r
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return left < right
        }
    }
}
