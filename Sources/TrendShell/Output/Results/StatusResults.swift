import TrendKit

/// The structured answer of `status`: the store, each feature's state, the draft, the
/// pending changes and the simulations.
enum StatusResults {
    @MainActor
    static func status(_ session: Session) -> CommandResult {
        var fields = JSONFields()
        fields.add("store", .string(session.store.location.description))
        fields.add("person", session.store.personName.map { .string($0) } ?? .null)
        var features: [JSONValue] = []
        for feature in session.features {
            var row = JSONFields()
            row.add("feature", .string(feature.featureID.rawValue))
            row.add("state", .string(feature.featureLoadState?.rawValue))
            if let weights = feature as? WeightLog { row.add("entriesLoaded", .integer(weights.entries.count)) }
            if let habits = feature as? HabitLog { row.add("habits", .integer(habits.habits.count)) }
            if let settings = feature as? SettingsFeature {
                row.add("notInStore", .array(settings.waitingForStore.map { .string($0) }))
            }
            if let trend = feature as? TrendReport {
                let shown = ShownUnit(MeasurementKind.weight, units: session.units)
                row.add("unit", .string(shown.symbol))
                if let recent = trend.recent {
                    row.figure("trend", shown(recent.days.last?.point.trendKilograms), missing: .noWeighIns)
                    row.add("weighInDaysIn30", .integer(recent.days.count))
                    row.add("leftOut", .integer(recent.leftOut))
                } else {
                    row.figure("trend", nil, missing: .unreadable)
                }
            }
            row.add(
                "error",
                .string(feature.retainedError.map { Messages.loadFailed(feature, $0, units: session.units) }))
            features.append(row.value)
        }
        fields.add("features", .array(features))
        fields.add("draft", DraftResults.draft(session.presentedDraft, session: session))
        fields.add("draftFile", .string(Messages.draftFileLine(session.drafts.keeping)))
        fields.add("pendingChanges", .integer(session.pending.changes.count))
        fields.add("pendingWaitingInFile", .integer(session.pending.waitingInFile.count))
        fields.add("simulations", .array(Messages.summary(session.store.faults.plan).map { .string($0) }))
        return CommandResult(fields)
    }
}
