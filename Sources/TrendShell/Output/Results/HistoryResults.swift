import TrendKit

/// The structured answer of `undo list`: each step of the history, newest first as the text
/// lists them, with what `undo` and `redo` would take next.
enum HistoryResults {
    static func list(_ listing: HistoryListing, units: MeasureUnits) -> CommandResult {
        var fields = JSONFields()
        fields.add("nextToUndo", listing.nextToUndo.map { .integer($0) } ?? .null)
        fields.add("nextToRedo", listing.nextToRedo.map { .integer($0) } ?? .null)
        var table = CSVTable(header: ["step", "state", "next", "kind", "feature", "made", "rows", "change"])
        var steps: [JSONValue] = []
        for step in listing.steps {
            let next = step.id == listing.nextToUndo ? "undo" : step.id == listing.nextToRedo ? "redo" : ""
            let change = Messages.describe(step, units: units)
            var row = JSONFields()
            row.add("step", .integer(step.id))
            row.add("state", .string(step.isUndone ? "undone" : "done"))
            row.add("next", next.isEmpty ? .null : .string(next))
            row.add("kind", .string(step.kind.rawValue))
            row.add("feature", .string(step.feature.rawValue))
            row.add("made", .string(LocalTimeText.iso(step.madeAt)))
            row.add("rows", .integer(step.rowCount))
            row.add("change", .string(change))
            steps.append(row.value)
            table.rows.append([
                .integer(Int(step.id)), .text(step.isUndone ? "undone" : "done"), .text(next),
                .text(step.kind.rawValue), .text(step.feature.rawValue), .text(LocalTimeText.iso(step.madeAt)),
                .integer(step.rowCount), .text(change),
            ])
        }
        fields.add("steps", .array(steps))
        return CommandResult(fields, table: table)
    }
}
