import FoundationEssentials

/// A change a person asked for that the store has not confirmed yet: an amend, an undo or a
/// redo. It carries its operation's identity from the moment it is typed, so however many
/// times it is tried, in however many sessions, it applies once.
public struct PendingChange: Sendable, Equatable, Identifiable {
    public enum Action: Sendable, Equatable {
        /// One field of an entry: as typed (`text`, read in `unit`) and as it will be stored.
        case amend(EntryAmendment, text: String)
        /// Undo `step`; nil when the history could not be read when it was typed: then the
        /// newest change when it applies.
        case undo(step: Int64?)
        /// Redo `step`; nil for the change undone last when it applies.
        case redo(step: Int64?)
    }

    /// The operation that applies it.
    public let id: OperationID
    public let action: Action

    /// An amend, whose operation is the amendment's own.
    public static func amend(_ amendment: EntryAmendment, text: String) -> PendingChange {
        PendingChange(id: amendment.operation, action: .amend(amendment, text: text))
    }

    public static func undo(step: Int64?, operation: OperationID = .make()) -> PendingChange {
        PendingChange(id: operation, action: .undo(step: step))
    }

    public static func redo(step: Int64?, operation: OperationID = .make()) -> PendingChange {
        PendingChange(id: operation, action: .redo(step: step))
    }

    init(id: OperationID, action: Action) {
        self.id = id
        self.action = action
    }

    /// The amendment, for an amend.
    public var amendment: EntryAmendment? {
        if case .amend(let amendment, _) = action { return amendment }
        return nil
    }

    /// True when `other` changes the same field of the same entry: the later one replaces it.
    func changesTheSameField(as other: EntryAmendment) -> Bool {
        guard let amendment else { return false }
        return amendment.id == other.id && amendment.field == other.field
    }
}

/// The pending changes as the pending-changes file keeps them: one record, the whole queue
/// in order, as named text fields (`1.kind`, `1.entry`, …).
extension PendingChange {
    static let recordKind = "pending"

    static func record(of changes: [PendingChange]) -> DraftRecord? {
        guard !changes.isEmpty else { return nil }
        var fields = ["count": String(changes.count)]
        for (offset, change) in changes.enumerated() {
            let prefix = "\(offset + 1)."
            fields[prefix + "op"] = change.id.rawValue
            switch change.action {
            case .amend(let amendment, let text):
                fields[prefix + "kind"] = "amend"
                fields[prefix + "entry"] = String(amendment.id)
                fields[prefix + "field"] = amendment.field.rawValue
                fields[prefix + "text"] = text
                switch amendment.newValue {
                case .measure(_, let value): fields[prefix + "new"] = value.map { String($0) } ?? ""
                case .note(let note): fields[prefix + "new"] = note
                case .date(let date): fields[prefix + "new"] = StoredTime.text(date)
                }
                if let revision = amendment.expectedRevision { fields[prefix + "expected"] = String(revision) }
                fields[prefix + "replaced"] = amendment.replacedOperations.map(\.rawValue).joined(separator: " ")
                fields[prefix + "latest"] = StoredTime.text(amendment.latestWeighingDate)
            case .undo(let step), .redo(let step):
                fields[prefix + "kind"] = change.action.isUndo ? "undo" : "redo"
                if let step { fields[prefix + "step"] = String(step) }
            }
        }
        return DraftRecord(kind: recordKind, fields: fields)
    }

    /// Reads a queue back; nil for a record this build cannot read whole.
    static func changes(from record: DraftRecord) -> [PendingChange]? {
        guard record.kind == recordKind, let count = record["count"].flatMap({ Int($0) }), count >= 0,
            count <= record.fields.count
        else { return nil }
        var changes: [PendingChange] = []
        for index in stride(from: 1, through: count, by: 1) {
            let prefix = "\(index)."
            guard let op = record[prefix + "op"], let kind = record[prefix + "kind"] else { return nil }
            let operation = OperationID(rawValue: op)
            switch kind {
            case "undo", "redo":
                var step: Int64?
                if let text = record[prefix + "step"] {
                    guard let number = Int64(text) else { return nil }
                    step = number
                }
                changes.append(
                    PendingChange(id: operation, action: kind == "undo" ? .undo(step: step) : .redo(step: step)))
            case "amend":
                guard let entry = record[prefix + "entry"].flatMap({ Int64($0) }),
                    let field = record[prefix + "field"].flatMap(EntryField.init(rawValue:)),
                    let text = record[prefix + "text"], let new = record[prefix + "new"],
                    let latest = record[prefix + "latest"].flatMap(StoredTime.date)
                else { return nil }
                let newValue: EntryAmendment.NewValue
                switch field {
                case .measure(let kind):
                    // An empty value removes the measurement; a written one reads back exactly.
                    if new.isEmpty {
                        newValue = .measure(kind, nil)
                    } else {
                        guard let value = Double(new) else { return nil }
                        newValue = .measure(kind, value)
                    }
                case .note: newValue = .note(new)
                case .date:
                    guard let date = StoredTime.date(new) else { return nil }
                    newValue = .date(date)
                }
                var expected: Int64?
                if let text = record[prefix + "expected"] {
                    guard let revision = Int64(text) else { return nil }
                    expected = revision
                }
                let replaced = (record[prefix + "replaced"] ?? "").split(separator: " ").map {
                    OperationID(rawValue: String($0))
                }
                let amendment = EntryAmendment(
                    id: entry, newValue: newValue, expectedRevision: expected, operation: operation,
                    replacedOperations: replaced, latestWeighingDate: latest)
                changes.append(.amend(amendment, text: text))
            default:
                return nil
            }
        }
        return changes
    }
}

extension PendingChange.Action {
    var isUndo: Bool {
        if case .undo = self { return true }
        return false
    }
}
