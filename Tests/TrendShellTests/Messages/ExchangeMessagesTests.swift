import FoundationEssentials
import Testing
import TrendKit
import TrendShell

/// The sentences of import and export name the file (and the line) and say what to do.
@Suite struct ExchangeMessagesTests {
    static let fileErrors: [(ImportFileError, String)] = [
        (.cannotOpen(errno: 2), "a.csv could not be opened: no such file or directory."),
        (.notARegularFile(.directory), "a.csv is a folder, not a file to import."),
        (.invalidUTF8(line: 7), "a.csv line 7 is not UTF-8 text. Save the file as UTF-8, then import it again."),
        (.unterminatedQuote(line: 3), "a.csv line 3 opens a quoted field that is never closed."),
        (.fieldTooLong(line: 9), "a.csv line 9 has a field longer than 1 MB."),
        (.entityDeclaration(line: 4), "a.csv line 4 declares an XML entity, which trendsh never expands."),
        (
            .undefinedEntity(line: 5, name: "x"),
            "a.csv line 5 refers to the XML entity \"&x;\", which trendsh never expands."
        ),
        (.malformed(line: 2), "a.csv is malformed at line 2."),
    ]

    @Test(arguments: fileErrors.indices)
    func aFileProblemNamesTheFileAndItsLine(index: Int) {
        let (error, sentence) = Self.fileErrors[index]
        #expect(Messages.reason(ImportFileProblem(file: "a.csv", error: error)) == sentence)
        #expect(
            Messages.importRefused(.importFile(ImportFileProblem(file: "a.csv", error: error)), units: .kilograms)
                == sentence + " Nothing was imported.")
    }

    @Test func aRowProblemSaysWhatIsWrongWithTheRow() {
        #expect(
            Messages.reason(RowProblem.weightOutOfRange(value: "750", unit: .kilograms))
                == "750 kg is not between 20 and 500 kg.")
        #expect(
            Messages.reason(RowProblem.weightOutOfRange(value: "9 lb", unit: .pounds))
                == "9 lb is not between 44.1 and 1102.3 lb.")
        #expect(Messages.reason(RowProblem.unreadableWeight("7O.2")) == "\"7O.2\" is not a weight.")
        #expect(Messages.reason(RowProblem.unreadableDate("")) == "it has no date.")
        #expect(
            Messages.reason(RowProblem.noteTooLong(length: 612))
                == "its note has 612 characters; a note can have at most 500.")
    }

    @Test func aFailedImportSaysTheImportIsKeptAndNothingWasImported() {
        let changed = Messages.importSaveFailed(
            .importFile(ImportFileProblem(file: "a.csv", error: .changedSincePreview)), units: .kilograms)
        #expect(
            changed
                == "a.csv changed since the preview, so nothing was imported. The import is kept; type \"show\" to preview it again, then \"save\"."
        )
        let full = Messages.importSaveFailed(.storage(.diskFull), units: .kilograms)
        #expect(
            full
                == "Nothing was imported. The disk is full, so nothing was written. Free some space, then try again. The import is kept; type \"save\" to try again."
        )
    }

    @Test func theUnknownLayoutSentenceNamesEveryLayout() {
        let sentence = Messages.reason(ImportFileProblem(file: "a.csv", error: .unknownLayout))
        for layout in ImportLayout.allCases {
            let name = Messages.layoutName(layout)
            let named =
                name.hasPrefix("trendsh")
                ? "its own CSV and JSON exports" : name.split(separator: " ").first.map(String.init) ?? name
            #expect(sentence.contains(named), "\(layout)")
        }
    }
}
