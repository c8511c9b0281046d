extension FeatureID {
    /// Import and export. An import writes through the weights feature, whose faults apply.
    public static let exchange = FeatureID("exchange")
}

extension FeatureDeclaration {
    /// Import and export: the import draft; no tables of its own.
    public static let exchange = FeatureDeclaration(id: .exchange, draftKinds: [.import])
}
