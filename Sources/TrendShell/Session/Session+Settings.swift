import TrendKit

/// Settings another session changed, read before every command, and settings that reached the
/// store after waiting for it: said when it matters.
extension Session {
    /// Reads the settings again if they changed on disk (one `stat` when they did not), and
    /// says what changed that a person must know before typing on.
    func catchUpWithSettings() {
        settings.reload()
        reportSettingsNotices()
    }

    /// Says each settings notice once: a unit changed elsewhere, settings that could no longer be read.
    func reportSettingsNotices() {
        for notice in settings.takeNotices() {
            switch notice {
            case .unitChanged(let unit):
                note(Messages.unitChangedElsewhere(unit, draftValue: draftValueKeepingItsUnit(other: unit)))
            case .kindUnitChanged(let id, _):
                guard let kind = weights.kinds.kind(id) else { continue }
                let unit = settings.unit(of: kind)
                note(
                    Messages.kindUnitChangedElsewhere(
                        kind, unit: unit, draftValue: draftMeasurementKeepingItsUnit(kind, other: unit)))
            case .unreadable:
                if let sentence = Messages.settingsUnreadable(settings) { warn(sentence) }
            case .delivered(let keys):
                note(Messages.settingsDelivered(keys))
            case .deliveredFromOlderFile(let keys, let person):
                note(Messages.settingsDeliveredFromOlderFile(keys, person: person))
            case .overruled(let keys):
                note(Messages.settingsOverruled(keys, settings: settings.settings))
            case .refused(let keys, let person):
                warn(Messages.settingsRefused(keys, person: person))
            }
        }
    }

    /// The open weight draft's typed value, as shown, when it is read in a unit other than `unit`.
    private func draftValueKeepingItsUnit(other unit: WeightUnit) -> String? {
        guard let draft = (drafts.open as? EntryEditor)?.draft, !draft.value.isEmpty,
            WeightText(draft.value).unit == nil, draft.unit != unit
        else { return nil }
        return Renderer.typedValue(draft)
    }

    /// The open draft's typed value of `kind`, as shown, when it is read in a unit other than `unit`.
    private func draftMeasurementKeepingItsUnit(_ kind: MeasurementKind, other unit: MeasureUnit) -> String? {
        guard let typed = (drafts.open as? EntryEditor)?.draft.measurements[kind.id],
            MeasurementText(typed.text).unit == nil, typed.unit != unit
        else { return nil }
        return Renderer.typedMeasurement(typed)
    }
}
