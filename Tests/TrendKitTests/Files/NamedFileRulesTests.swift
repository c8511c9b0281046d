import Testing
import TrendKit
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `NamedFile` takes the rules, so a refused path is refused before anything is made.
@Suite struct NamedFileRulesTests {
    @Test func anOwnFileIsRefusedAsNamedAndThroughADanglingLink() throws {
        let folder = try TemporaryDirectory()
        let store = folder.file("st.sqlite")
        let rules = NamedFileRules(ownFiles: OwnFiles(store: .file(path: store)))
        guard symlink("st.sqlite.draft", folder.file("chart.svg")) == 0 else { throw SystemCallError(errno: errno) }

        #expect(throws: NamedFileError(path: store, reason: .refused(.ownFile(OwnFiles.Match(file: .store))))) {
            try NamedFile.write(Array("x".utf8), to: store, rules: rules)
        }
        #expect(
            throws: NamedFileError(
                path: folder.file("chart.svg"), reason: .refused(.ownFile(OwnFiles.Match(file: .draft))))
        ) {
            try NamedFile.write(Array("<svg/>".utf8), to: folder.file("chart.svg"), rules: rules)
        }
        #expect(!fileExists(store) && !fileExists(store + ".draft"))
        try NamedFile.write(Array("a,b\n".utf8), to: folder.file("out.csv"), rules: rules)
        #expect(fileExists(folder.file("out.csv")))
    }

    @Test func theTranscriptPlayedIsRefusedByAnyName() throws {
        let folder = try TemporaryDirectory()
        let lesson = try folder.write(Array("trendsh> list\n".utf8), to: "lesson.transcript")
        guard link(lesson, folder.file("same.cast")) == 0 else { throw SystemCallError(errno: errno) }
        let rules = NamedFileRules(ownFiles: OwnFiles(store: .memory), inputs: [.playedTranscript(lesson)])

        #expect(rules.refusal(for: lesson) == .input(.playedTranscript))
        #expect(rules.refusal(for: folder.file("same.cast")) == .input(.playedTranscript))
        #expect(rules.refusal(for: folder.file("lesson.cast")) == nil)
    }
}
