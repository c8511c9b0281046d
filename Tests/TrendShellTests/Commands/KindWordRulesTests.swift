import Testing
import TrendKit

@testable import TrendShell

/// The words a kind may not have are read from the command declarations: every name, alias
/// and keyword argument any declaration accepts, with the unit words and the kept words.
@Suite struct KindWordRulesTests {
    @Test func everyWordACommandDeclarationAcceptsIsReservedForTheShell() {
        for declaration in CommandTable.declarations {
            for word in [declaration.name] + declaration.aliases + declaration.keywords {
                #expect(KindWordRules.isReserved(word), "\(declaration.name) accepts \(word)")
            }
        }
    }

    @Test func declarationsNameTheirKeywordArguments() {
        let keywords = { (name: String) in CommandTable.declaration(named: name)?.keywords ?? [] }
        #expect(keywords("show") == ["all"])
        #expect(keywords("export") == ["csv", "json", "habits"])
        #expect(keywords("goal") == ["off"])
        #expect(keywords("undo") == ["list"])
        #expect(keywords("measure") == ["add", "remove", "list"])
        #expect(keywords("simulate").contains("off"))
    }

    @Test func unitWordsAndKeptWordsAreReservedAndOtherWordsAreNot() {
        for word in ["kg", "lbs", "stone", "%", "cm", "inches", "mm", "week", "month", "year", "person", "format"] {
            #expect(KindWordRules.isReserved(word), "\(word)")
        }
        for word in ["neck", "arm", "thigh", "chest", "calf"] {
            #expect(!KindWordRules.isReserved(word), "\(word)")
        }
    }
}
