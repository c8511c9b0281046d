import Testing
import TrendKit

@testable import TrendShell

/// A feature registers once: TrendKit's declaration and the shell's, and every list that
/// spans features is read from them.
@MainActor
@Suite struct ShellFeatureTests {
    @Test func theShellAndTrendKitNameTheSameFeaturesEachOnce() {
        let shell = ShellFeature.all.map(\.declaration.id)
        let kit = FeatureDeclaration.all.map(\.id)
        #expect(Set(shell) == Set(kit))
        #expect(shell.count == Set(shell).count, "a feature registered twice: \(shell)")
    }

    @Test func everyKindOfDraftAFeatureDeclaresHasOnePresentation() {
        for feature in ShellFeature.all {
            let presented = feature.presentations.map { $0.draftKind }
            #expect(presented == feature.declaration.draftKinds, "\(feature.declaration.id)")
        }
    }

    @Test func theCommandTableIsEveryFeaturesCommandsAndEachNameAnswersOnce() {
        #expect(CommandTable.declarations.count == ShellFeature.all.map(\.commands.count).reduce(0, +))
        let names = CommandTable.allNames
        #expect(names.count == Set(names).count, "\(names)")
    }

    @Test func simulateOffersTheFeaturesThatDeclareIt() {
        #expect(ShellCommands.simulatedFeatures == ["weights", "trend", "habits"])
    }
}
