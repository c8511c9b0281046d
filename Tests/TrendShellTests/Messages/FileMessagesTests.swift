import Testing
import TrendKit
import TrendShell

/// The sentence that refuses a named file says what the file is, so each own file has a
/// name of its own, and what to do instead.
@Suite struct FileMessagesTests {
    @Test func everyOwnFileHasANameOfItsOwn() {
        let files = OwnFiles.declarations.map(\.file)
        let names = files.map { Messages.describe(OwnFiles.Match(file: $0)) }
        #expect(Set(names).count == names.count, "\(names)")
        // Each has its own words, not the sentence for a file the messages do not know.
        #expect(!names.contains { $0.hasPrefix("one of trendsh's own files") }, "\(names)")
        // The files named after a store, read from their declarations, have a default store's too.
        let besideTheDefaultStore = OwnFiles.declarations.filter {
            switch $0.name {
            case .store, .besideStore, .lock, .backupOfStore: return true
            case .history, .startupFile, .stateFile, .scratchFolder: return false
            }
        }.map(\.file)
        #expect(besideTheDefaultStore.contains(.draft) && !besideTheDefaultStore.contains(.history))
        for file in besideTheDefaultStore {
            #expect(Messages.describe(OwnFiles.Match(file: file, ofDefaultStore: true)).contains("default store"))
        }
    }

    @Test(arguments: [
        (NamedFilePurpose.chart, "st.sqlite is trendsh's store; choose another file for the chart."),
        (.export, "st.sqlite is trendsh's store; choose another file for the export."),
        (.recording, "st.sqlite is trendsh's store, so nothing was run; choose another file for the recording."),
        (.transcript, "st.sqlite is trendsh's store, so it was not rewritten."),
    ])
    func aRefusalSaysWhatTheFileIsAndWhatToDoInstead(purpose: NamedFilePurpose, sentence: String) {
        #expect(
            Messages.namedFileRefused("st.sqlite", .ownFile(OwnFiles.Match(file: .store)), for: purpose) == sentence)
    }

    @Test func aTemporaryFileIsNamedAfterTheFileItReplaces() {
        #expect(
            Messages.describe(OwnFiles.Match(file: .settings, temporary: true))
                == "a temporary copy of the store's settings file")
        #expect(Messages.describe(.input(.playedTranscript)) == "the transcript being played")
    }
}
