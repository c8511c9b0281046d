import TrendKit

/// The structured answers of `trend` and `stats [KIND] [DAYS]`.
enum TrendResults {
    /// `trend [KIND]`: the trend today and its weekly rate.
    static func trend(_ stats: TrendStats, kind: MeasurementKind, units: MeasureUnits) -> CommandResult {
        let shown = ShownUnit(kind, units: units)
        var fields = JSONFields()
        fields.add("kind", .string(kind.word))
        fields.add("unit", .string(shown.symbol))
        addTrend(stats, shown: shown, to: &fields)
        fields.figure("weeklyRate", shown(stats.weeklyRate.value), missing: .tooFewWeighInDays)
        if kind.id == .weight { addEnergy(stats, units: units, to: &fields) }
        fields.add("leftOut", .integer(stats.leftOut))
        return CommandResult(fields)
    }

    /// `stats [KIND] [DAYS]`: every figure the text shows, as numbers in the shown unit.
    static func stats(_ stats: TrendStats, kind: MeasurementKind, units: MeasureUnits) -> CommandResult {
        let shown = ShownUnit(kind, units: units)
        var fields = JSONFields()
        fields.add("kind", .string(kind.word))
        fields.add("unit", .string(shown.symbol))
        fields.add("days", .integer(stats.days))
        fields.add("today", ResultDates.day(stats.today))
        if let latest = stats.latestEntry, stats.latestDay != nil {
            let value = kind.id == .weight ? latest.kilograms : latest.measurements[kind.id]
            fields.figure("latest", shown(value), missing: .noWeight)
            fields.add("latestDate", .string(LocalTimeText.iso(latest.date)))
        } else {
            fields.figure("latest", nil, missing: .noWeighIns)
            fields.optional("latestDate", nil, missing: .noWeighIns)
        }
        addTrend(stats, shown: shown, to: &fields)
        fields.figure("weekChange", shown(stats.weekChange.value), missing: .tooFewWeighInDays)
        fields.figure("weeklyRate", shown(stats.weeklyRate.value), missing: .tooFewWeighInDays)
        fields.figure("monthlyRate", shown(stats.monthlyRate.value), missing: .tooFewWeighInDays)
        if kind.id == .weight { addEnergy(stats, units: units, to: &fields) }
        fields.add("entries", .integer(stats.entries))
        fields.add("weighInDays", .integer(stats.weighInDays))
        fields.figure("lowest", shown(stats.minimumKilograms), missing: .noWeighIns)
        fields.figure("highest", shown(stats.maximumKilograms), missing: .noWeighIns)
        fields.figure("mean", shown(stats.meanKilograms), missing: .noWeighIns)
        if kind.id == .weight {
            addGoal(stats, shown: shown, to: &fields)
            addBody(stats, shown: shown, to: &fields)
            fields.add("habits", .array(stats.habits.map { habit(flags: $0, shown: shown) }))
        }
        fields.add("leftOut", .integer(stats.leftOut))
        return CommandResult(fields)
    }

    static func addTrend(_ stats: TrendStats, shown: ShownUnit, to fields: inout JSONFields) {
        fields.figure("trend", shown(stats.latestDay?.trendKilograms), missing: .noWeighIns)
        fields.optional("trendDate", stats.latestDay.map { ResultDates.day($0.day) }, missing: .noWeighIns)
    }

    /// The energy the weekly rate stands for, in kcal a day (negative: a deficit).
    static func addEnergy(_ stats: TrendStats, units: MeasureUnits, to fields: inout JSONFields) {
        fields.figure(
            "energyPerDay",
            stats.weeklyRate.value.map { TrendFigures.kcalPerDay(weeklyRateKilograms: $0, unit: units.weight) },
            missing: .tooFewWeighInDays)
    }

    static func addGoal(_ stats: TrendStats, shown: ShownUnit, to fields: inout JSONFields) {
        fields.figure("goal", shown(stats.goalKilograms), missing: .noGoal)
        guard stats.goalKilograms != nil else {
            fields.figure("goalDistance", nil, missing: .noGoal)
            fields.optional("goalStatus", nil, missing: .noGoal)
            fields.optional("goalDate", nil, missing: .noGoal)
            return
        }
        guard let forecast = stats.forecast else {
            fields.figure("goalDistance", nil, missing: .noWeighIns)
            fields.optional("goalStatus", nil, missing: .noWeighIns)
            fields.optional("goalDate", nil, missing: .noWeighIns)
            return
        }
        fields.figure("goalDistance", shown(forecast.distanceKilograms), missing: .noWeighIns)
        switch forecast.direction {
        case .atGoal:
            fields.add("goalStatus", .string("at-goal"))
            fields.optional("goalDate", nil, missing: .notReaching)
        case .reaching(let day):
            fields.add("goalStatus", .string("reaching"))
            fields.add("goalDate", ResultDates.day(day))
        case .movingAway:
            fields.add("goalStatus", .string("moving-away"))
            fields.optional("goalDate", nil, missing: .notReaching)
        case .flat:
            fields.add("goalStatus", .string("flat"))
            fields.optional("goalDate", nil, missing: .notReaching)
        case .unknownRate:
            fields.add("goalStatus", .string("unknown-rate"))
            fields.optional("goalDate", nil, missing: .unknownRate)
        }
    }

    /// The body-mass index (with a height set) and the latest fat and lean mass.
    static func addBody(_ stats: TrendStats, shown: ShownUnit, to fields: inout JSONFields) {
        let noBMI: MissingReason = stats.heightCentimetres == nil ? .noHeight : .noWeighIns
        fields.figure("bmi", stats.bodyMassIndex, missing: noBMI)
        fields.figure("trendBmi", stats.trendBodyMassIndex, missing: noBMI)
        let composition = stats.latestComposition
        let noFat: MissingReason = stats.latestEntry == nil ? .noWeighIns : .noBodyFat
        fields.figure("fatPercent", stats.latestFatPercent, missing: noFat)
        fields.figure("fatMass", shown(composition?.fat), missing: noFat)
        fields.figure("leanMass", shown(composition?.lean), missing: noFat)
    }

    static func habit(flags: TrendStats.HabitFlags, shown: ShownUnit) -> JSONValue {
        var fields = JSONFields()
        fields.add("name", .string(flags.name))
        fields.figure("doneRate", shown(flags.analysis.doneRate.value), missing: .tooFewWeighInDays)
        fields.figure("notDoneRate", shown(flags.analysis.notDoneRate.value), missing: .tooFewWeighInDays)
        return fields.value
    }
}
