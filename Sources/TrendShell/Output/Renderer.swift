import FoundationEssentials
import TrendKit

/// Turns feature results into the lines a person reads. Pure functions, no output.
public enum Renderer {
    /// `75.0 kg`
    public static func weight(_ kilograms: Double, in unit: WeightUnit) -> String {
        "\(DecimalText.oneDecimal(unit.value(fromKilograms: kilograms))) \(unit.symbol)"
    }

    /// `#12  2026-11-29 08:00  75.0 kg  after run`
    public static func entryLine(_ entry: WeightEntry, unit: WeightUnit) -> String {
        let base = "#\(entry.id)  \(LocalCalendar.minuteText(entry.date))  \(weight(entry.kilograms, in: unit))"
        return entry.note.isEmpty ? base : base + "  " + entry.note
    }

    /// `#12: 75.0 kg on 2026-11-29 08:00`
    public static func entrySummary(_ entry: WeightEntry, unit: WeightUnit) -> String {
        "#\(entry.id): \(weight(entry.kilograms, in: unit)) on \(LocalCalendar.minuteText(entry.date))"
    }

    public static func saved(_ outcome: SaveOutcome, unit: WeightUnit) -> String {
        let summary = entrySummary(outcome.entry, unit: unit)
        switch outcome.kind {
        case .created: return "Saved \(summary)."
        case .updated: return "Saved \(summary) (changed)."
        case .alreadySaved:
            return "Saved \(summary) (an earlier attempt had already saved it; nothing new was written)."
        }
    }

    public static func deleted(_ outcome: DeleteOutcome, unit: WeightUnit) -> String {
        let summary = outcome.entry.map { entrySummary($0, unit: unit) } ?? "#\(outcome.id)"
        return outcome.alreadyDeleted
            ? "Deleted \(summary) (an earlier attempt had already deleted it; nothing else changed)."
            : "Deleted \(summary)."
    }

    /// A draft in a few words: `value "75", note "after run", dated 2026-11-29 08:00`.
    public static func draftSummary(_ draft: WeightEntryDraft) -> String {
        var parts: [String] = []
        parts.append(draft.value.isEmpty ? "no value" : "value \"\(draft.value)\"")
        if !draft.note.isEmpty { parts.append("note \"\(draft.note)\"") }
        parts.append("dated \(LocalCalendar.minuteText(draft.date))")
        return parts.joined(separator: ", ")
    }

    /// What `show` prints for the open draft.
    @MainActor
    public static func draftDetails(_ editor: EntryEditor) -> [String] {
        let target = editor.entry.map { "editing #\($0.id)" } ?? "new entry"
        let state = editor.hasUnsavedChanges ? "unsaved changes" : "no unsaved changes"
        var lines = [
            "\(editor.title) (\(target)), \(state)",
            "  value: \(editor.draft.value.isEmpty ? "(none)" : editor.draft.value) (\(editor.unit.symbol))",
            "  date:  \(LocalCalendar.minuteText(editor.draft.date))",
            "  note:  \(editor.draft.note.isEmpty ? "(none)" : editor.draft.note)",
        ]
        if let message = editor.errorMessage {
            lines.append("  last save failed: \(message)")
        }
        return lines
    }

    /// The usage and example of one command.
    public static func help(for spec: CommandTable.Spec) -> [String] {
        var lines = ["usage: \(spec.usage)", "  \(spec.summary)"]
        if !spec.aliases.isEmpty { lines.append("  Also: \(spec.aliases.joined(separator: ", "))") }
        lines.append("  Example: \(spec.example)")
        return lines
    }

    /// The list of every command.
    public static func helpList() -> [String] {
        let width = CommandTable.specs.map(\.usage.count).filter { $0 <= 24 }.max() ?? 16
        var lines: [String] = []
        for group in CommandTable.Group.allCases {
            lines.append(group.rawValue + ":")
            for spec in CommandTable.specs where spec.group == group {
                let usage = spec.usage.count <= width ? spec.usage : spec.name + " ..."
                lines.append(
                    "  " + usage + String(repeating: " ", count: max(1, width - usage.count + 2)) + spec.summary)
            }
        }
        lines.append("Type \"help COMMAND\" for one command's usage and an example.")
        return lines
    }
}
