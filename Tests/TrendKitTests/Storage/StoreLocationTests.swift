import Testing
import TrendKit

@Suite struct StoreLocationTests {
    @Test func memoryIsSpelledAsSQLiteSpellsIt() {
        #expect(StoreLocation(":memory:") == .memory)
        #expect(StoreLocation.memory.sqlitePath == ":memory:")
    }

    @Test func anythingElseIsAFilePath() {
        let location = StoreLocation("/home/ana/.local/share/trendsh/trend.sqlite")
        #expect(location == .file(path: "/home/ana/.local/share/trendsh/trend.sqlite"))
        #expect(location.description == "/home/ana/.local/share/trendsh/trend.sqlite")
    }
}
