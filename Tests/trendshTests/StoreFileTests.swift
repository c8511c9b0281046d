import Testing
import TrendKit
import TrendshTestSupport

/// Where trendsh writes, and who may read it.
@Suite struct StoreFileTests {
    @Test func aMemoryStoreWritesNoFiles() {
        let shell = Shell()
        let result = shell.runMerged(
            ["value 75", "save", "unit lb", "value 170", "list"],
            arguments: ["--store", ":memory:", "--now", Fixtures.now])
        #expect(
            result.stdout
                == lines(
                    "value: 75", Fixtures.savedFirst, "unit: lb. Weights are now typed and shown in pounds.",
                    "value: 170",
                    "#1  2026-11-29 08:00  165.3 lb  trend 165.3", Fixtures.endedUnsavedInMemory))
        #expect(result.status == 3)
        #expect(filesUnder(shell.home.path) == [])
    }

    @Test func aMemoryStoreKeepsNothingForTheNextRun() {
        let shell = Shell()
        _ = shell.run(arguments: ["--store", ":memory:", "--now", Fixtures.now], input: "value 75\nsave\nunit lb\n")
        let next = shell.run(arguments: ["--store", ":memory:", "--now", Fixtures.now], input: "list\nunit\n")
        #expect(next.stdout == lines(Fixtures.noEntries, "unit: kg"))
    }

    @Test func theStoreDraftAndSettingsFilesAreReadableOnlyByTheOwner() {
        let shell = Shell()
        let result = shell.run(["value 75", "save", "unit lb", "value 170"])
        #expect(result.status == 3)
        for suffix in ["", ".draft", ".settings"] {
            #expect(permissions(of: shell.storePath + suffix) == 0o600, "s.sqlite\(suffix)")
        }
        for name in filesUnder(shell.home.path) {
            let mode = permissions(of: shell.home.file(name)) ?? 0
            #expect(mode & 0o077 == 0, "\(name) is mode \(String(mode, radix: 8))")
        }
    }

    @Test func theDraftFileHoldsNoDraftOnceTheDraftIsSaved() throws {
        let shell = Shell()
        _ = shell.run(["value 75"])
        #expect(try DraftFile(path: shell.storePath + ".draft").load()?["value"] == "75")
        _ = shell.run(["save"])
        #expect(try DraftFile(path: shell.storePath + ".draft").load() == nil)
        #expect(permissions(of: shell.storePath + ".draft") == 0o600, "the file stays, ready for the next draft")
    }

    @Test func withoutStoreTheStoreLivesUnderXDGDataHome() throws {
        let shell = Shell()
        let result = shell.run(arguments: ["--now", Fixtures.now], input: "value 75\nsave\nstatus\n")
        let store = shell.home.path + "/data/trendsh/trend.sqlite"
        #expect(result.stdout.contains("store: \(store)\n"))
        #expect(result.status == 0)
        #expect(permissions(of: store) == 0o600)
        #expect(permissions(of: shell.home.path + "/data/trendsh") == 0o700)
        #expect(try storedKilograms(in: store) == [75])
    }

    @Test func withoutXDGDataHomeTheStoreLivesUnderLocalShare() throws {
        let shell = Shell()
        var environment = shell.environment
        environment["XDG_DATA_HOME"] = nil
        let result = shell.run(arguments: ["--now", Fixtures.now], input: "value 75\nsave\n", environment: environment)
        #expect(result.status == 0)
        #expect(try storedKilograms(in: shell.home.path + "/.local/share/trendsh/trend.sqlite") == [75])
    }

    @Test func aPipedRunWritesNoHistory() {
        let shell = Shell()
        _ = shell.run(["value 75", "save"])
        #expect(permissions(of: shell.home.path + "/state") == nil)
    }
}

/// A store whose folder is missing: the failure is named and the draft is kept.
@Suite struct MissingStoreFolderTests {
    static func storeError(_ path: String) -> String {
        "error: The store \(path) can't be opened: its folder is missing or can't be written. Create the folder or use another store. The draft is kept; type \"save\" to try again."
    }

    @Test func aStoreInAMissingFolderIsNamedAndTheDraftKept() {
        let shell = Shell()
        let store = shell.home.file("missing/s.sqlite")
        let result = shell.run(arguments: ["--store", store, "--now", Fixtures.now], input: "value 75\nsave\nshow\n")
        #expect(
            result.stdout.hasPrefix(lines("value: 75", "Log Weight (new entry), unsaved changes", "  value: 75 (kg)")))
        #expect(result.stderr.contains(lines(Self.storeError(store))))
        #expect(result.status == 1)
    }

    @Test func aStoreInAMissingFolderSaysWhyTheDraftIsInMemoryWithoutBlamingAnotherSession() {
        let shell = Shell()
        let store = shell.home.file("missing/s.sqlite")
        let result = shell.run(arguments: ["--store", store, "--now", Fixtures.now], input: "value 75\nsave\nstatus\n")
        #expect(
            result.stderr
                == lines(
                    "warning: The draft file \(store).draft can't be created (no such file or directory), so this session's draft is kept in memory only.",
                    Self.storeError(store),
                    "warning: The session ended with unsaved changes in the draft; it was not saved. The draft file cannot be used, so no copy of it is on disk."
                ))
        #expect(
            result.stdout.contains(
                "\ndraft file: in memory only: \(store).draft can't be created (no such file or directory)\n"))
        #expect(!result.stdout.contains("another trendsh session"))
        #expect(!result.stderr.contains("Another trendsh session"))
    }
}
