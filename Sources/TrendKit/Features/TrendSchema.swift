extension Schema {
    /// Every feature's tables, as this build of trendsh keeps them: the migrations each
    /// feature declares.
    public static let trendsh = Schema(FeatureDeclaration.all.flatMap(\.migrations))
}
