extension Schema {
    /// Every feature's tables, as this build of trendsh keeps them.
    public static let trendsh = Schema(
        WeightsSchema.migrations + HabitsSchema.migrations + DailySchema.migrations + HistorySchema.migrations)
}
