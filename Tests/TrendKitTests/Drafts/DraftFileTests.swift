import FoundationEssentials
import Testing
import TrendKit
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DraftFileTests {
    static let record = DraftRecord(
        kind: "weight", fields: ["id": "draft-morning", "value": "75,5", "note": "after the run", "editing": "7"])
    static let later = DraftRecord(kind: "weight", fields: ["id": "draft-morning", "value": "74", "note": "later"])

    /// The file's size on disk, or nil when there is none.
    static func size(of path: String) -> Int? { fileBytes(path)?.count }

    @Test func noFileMeansNoDraft() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.draft")
        #expect(try DraftFile(path: path).load() == nil)
        #expect(fileExists(path) == false)
    }

    @Test func aWrittenDraftIsLoadedByTheNextSession() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.draft")

        try DraftFile(path: path).write(Self.record)

        #expect(try DraftFile(path: path).load() == Self.record)
        #expect(permissions(of: path) == 0o600)
    }

    @Test func aNewDraftReplacesTheOldOneWhole() throws {
        let (directory, path, file) = try DraftFileFixture.made()
        defer { directory.remove() }
        try file.write(Self.record)

        try file.write(Self.later)

        #expect(try file.load() == Self.later)
        #expect(try DraftFile(path: path).load() == Self.later)
    }

    @Test func manyWritesInARowLeaveTheLastOne() throws {
        let (directory, path, file) = try DraftFileFixture.made()
        defer { directory.remove() }
        for value in 1...25 {
            try file.write(DraftRecord(kind: "weight", fields: ["value": String(value)]))
        }

        #expect(try DraftFile(path: path).load() == DraftRecord(kind: "weight", fields: ["value": "25"]))
    }

    @Test func aShortDraftAfterOneLongerThanAPageLoadsWhole() throws {
        let (directory, path, file) = try DraftFileFixture.made()
        defer { directory.remove() }
        var long = Self.record
        long.fields["note"] = String(repeating: "體", count: 3000)
        try file.write(long)
        try file.write(Self.record)

        #expect(try DraftFile(path: path).load() == Self.record)
    }

    @Test func aDraftLargerThanASlotIsKeptWhole() throws {
        let (directory, path, file) = try DraftFileFixture.made()
        defer { directory.remove() }
        try file.write(Self.record)
        var huge = Self.record
        huge.fields["note"] = String(repeating: "體", count: 20_000)

        try file.write(huge)
        #expect(try DraftFile(path: path).load() == huge)

        try file.write(Self.later)
        #expect(try DraftFile(path: path).load() == Self.later)
    }

    @Test func theFilesSizeNeverChangesAcrossWrites() throws {
        let (directory, path, file) = try DraftFileFixture.made()
        defer { directory.remove() }
        try file.prepare()
        let size = try #require(Self.size(of: path))
        #expect(size > 0)

        for record in [Self.record, Self.later, nil, Self.record, nil, nil, Self.later] {
            try file.write(record)
            #expect(Self.size(of: path) == size)
        }
        var long = Self.record
        long.fields["note"] = String(repeating: "體", count: 3000)
        try file.write(long)
        #expect(Self.size(of: path) == size)
    }

    @Test func aPreparedFileHoldsNoDraft() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.draft")

        try DraftFile(path: path).prepare()

        #expect(fileExists(path))
        #expect(permissions(of: path) == 0o600)
        #expect(try DraftFile(path: path).load() == nil)
    }

    @Test func aClosedDraftIsGoneAndClosingTwiceIsFine() throws {
        let (directory, path, file) = try DraftFileFixture.made()
        defer { directory.remove() }
        try file.write(Self.record)

        try file.write(nil)
        #expect(try file.load() == nil)
        try file.write(nil)

        #expect(try DraftFile(path: path).load() == nil)
        #expect(fileExists(path))
    }

    /// A write that fails or is torn (a full disk, a killed process) damages only the slot it
    /// was writing; its checksum no longer matches, and the other slot's draft is read.
    @Test func aWriteThatFailsLeavesThePreviousDraftReadable() throws {
        let (directory, path, file) = try DraftFileFixture.made()
        defer { directory.remove() }
        try file.write(Self.record)
        let torn = DraftRecord(kind: "weight", fields: ["id": "draft-morning", "note": "half-written note"])
        try file.write(torn)
        #expect(try DraftFile(path: path).load() == torn)

        var bytes = try #require(fileBytes(path))
        let marker = Array("half-written note".utf8)
        let offset = try #require(
            (0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
        bytes[offset] ^= 0xFF
        try directory.write(bytes, to: "trend.sqlite.draft")

        #expect(try DraftFile(path: path).load() == Self.record)
    }

    /// Where slot `slot` (0 or 1) of a draft file of the default slot size starts.
    static func slotStart(_ slot: Int) -> Int { 4096 + slot * 16384 }

    /// Each slot carries a CRC-32 of its record (seeded with its sequence number). A slot whose
    /// bytes were changed in a way that still decodes as a record (a letter of the note, or a
    /// sequence number raised so the slot would win) fails its checksum and is not loaded; the
    /// other slot is.
    @Test(arguments: ["newest note", "older sequence", "newest checksum"])
    func aSlotWhoseBytesAreFlippedIsNotLoadedAndTheOtherSlotIs(damage: String) throws {
        let (directory, path, file) = try DraftFileFixture.made()
        defer { directory.remove() }
        try file.write(Self.record)  // sequence 1, in slot 1
        try file.write(Self.later)  // sequence 2, in slot 0
        var bytes = try #require(fileBytes(path))
        let loaded: DraftRecord
        switch damage {
        case "newest note":
            // "later" becomes "Later": valid text, a record that decodes, a checksum that does not match.
            let marker = Array("later".utf8)
            let start = Self.slotStart(0)
            let offset = try #require(
                (start..<(start + 16384 - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
            bytes[offset] ^= 0x20
            let length = Int(bytes[start + 12]) | Int(bytes[start + 13]) << 8
            let payload = Array(bytes[(start + 20)..<(start + 20 + length)])
            #expect(DraftRecord(decoding: payload)?["note"] == "Later", "the damaged record still decodes")
            loaded = Self.record
        case "older sequence":
            // The older slot's sequence raised above the newest's: only its checksum tells.
            bytes[Self.slotStart(1) + 4] = 0x7F
            loaded = Self.later
        default:
            bytes[Self.slotStart(0) + 16] ^= 0x01
            loaded = Self.record
        }
        try directory.write(bytes, to: "trend.sqlite.draft")

        #expect(try DraftFile(path: path).load() == loaded)
    }

    @Test func aClosingWriteThatIsTornLeavesTheDraftItClosedReadable() throws {
        let (directory, path, file) = try DraftFileFixture.made()
        defer { directory.remove() }
        try file.write(Self.later)
        let before = try #require(fileBytes(path))
        try file.write(nil)
        var after = try #require(fileBytes(path))
        let changed = (0..<after.count).filter { after[$0] != before[$0] }
        let last = try #require(changed.last)

        after[last] ^= 0xFF
        try directory.write(after, to: "trend.sqlite.draft")

        #expect(try DraftFile(path: path).load() == Self.later)
    }

    @Test func aDraftFromTrendsh01IsReadAsAWeightRecord() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let json = #"{"draft":{"id":"x","date":123.0,"value":"75","note":""},"editingID":3,"unit":"lb"}"#
        let path = try directory.write(Array(json.utf8), to: "trend.sqlite.draft")

        let record = try #require(try DraftFile(path: path).load())

        #expect(record.kind == "weight")
        #expect(record["id"] == "x")
        #expect(record["date"] == "2001-01-01T00:02:03.000Z")
        #expect(record["value"] == "75")
        #expect(record["note"] == "")
        #expect(record["editing"] == "3")
        #expect(record["unit"] == "lb")
        let draft = try #require(WeightEntryDraft(record: record, defaultUnit: .kilograms))
        #expect(draft.id == DraftID(rawValue: "x"))
        #expect(draft.date == Date(timeIntervalSinceReferenceDate: 123))
        #expect(draft.value == "75")
        #expect(draft.unit == .pounds)
        #expect(draft.editing == EditedEntry(id: 3, revision: nil, prefilledKilograms: nil))
        #expect(draft.hasUnsavedChanges)
    }

    @Test func aDraftFromTrendsh01IsRewrittenInTheNewFormatAtTheFirstWrite() throws {
        let (directory, path, file) = try DraftFileFixture.made(writing01Draft: true)
        defer { directory.remove() }
        let legacy = try #require(try file.load())
        #expect(legacy["unit"] == nil)

        try file.write(Self.later)

        #expect(fileBytes(path)?.first != UInt8(ascii: "{"))
        #expect(try DraftFile(path: path).load() == Self.later)
        #expect(permissions(of: path) == 0o600)
    }

    @Test func aFileThatIsNotADraftIsReportedAndLeftInPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Array("{\"value\": 75}".utf8), to: "trend.sqlite.draft")

        #expect(throws: DraftFileError.unreadable(path: path, problem: nil)) { try DraftFile(path: path).load() }

        #expect(fileBytes(path) == Array("{\"value\": 75}".utf8))
    }

    @Test func aFileWhoseSlotsAreBothDamagedIsReportedAndLeftInPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.draft")
        try DraftFile(path: path).write(Self.record)
        var bytes = try #require(fileBytes(path))
        for index in 4096..<bytes.count { bytes[index] = 0x55 }
        try directory.write(bytes, to: "trend.sqlite.draft")

        #expect(throws: DraftFileError.unreadable(path: path, problem: nil)) { try DraftFile(path: path).load() }

        #expect(fileBytes(path) == bytes)
    }

    @Test func aDraftInAMissingFolderCannotBeWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("missing/trend.sqlite.draft")

        #expect(throws: DraftFileError.cannotWrite(path: path, errno: ENOENT)) {
            try DraftFile(path: path).write(Self.record)
        }
    }

    @Test func aSymbolicLinkAtThePathIsRefusedAndWhatItNamesIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write(Array("someone else's file\n".utf8), to: "elsewhere")
        let path = directory.file("trend.sqlite.draft")
        #expect(symlink(target, path) == 0)

        #expect(throws: DraftFileError.unsafe(path: path, problem: .symbolicLink)) {
            try DraftFile(path: path).write(Self.record)
        }
        #expect(throws: DraftFileError.unreadable(path: path, problem: .symbolicLink)) {
            try DraftFile(path: path).load()
        }

        #expect(fileBytes(target) == Array("someone else's file\n".utf8))
    }

    @Test func onlyOneSessionAtATimeHoldsTheDraftLock() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.draft")
        let first = DraftFile(path: path)
        let second = DraftFile(path: path)

        #expect(first.acquire() == .acquired)
        #expect(first.acquire() == .acquired)
        #expect(second.acquire() == .heldByAnotherSession)
        #expect(permissions(of: path + ".lock") == 0o600)

        first.release()

        #expect(second.acquire() == .acquired)
        #expect(DraftFile(path: path).acquire() == .heldByAnotherSession)
        #expect(first.acquire() == .heldByAnotherSession, "a released file takes the lock like any other")
    }

    /// Tests in other suites spawn processes while this one runs, and a child holds a copy of
    /// every descriptor from its spawn until its `exec` closes them. A lock released only by
    /// closing its descriptor stays held through such a copy; releasing it must not.
    @Test(arguments: [false, true])
    func theLockIsLetGoWhileACopyOfItsDescriptorIsStillOpen(byDeallocation: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("trend.sqlite.draft")
        var first: DraftFile? = DraftFile(path: path)
        #expect(first?.acquire() == .acquired)
        let lock = try #require(OpenDescriptors.descriptor(openOn: path + ".lock"))
        let copy = dup(lock)
        try #require(copy >= 0)
        defer { close(copy) }

        if byDeallocation { first = nil } else { first?.release() }

        #expect(DraftFile(path: path).acquire() == .acquired)
    }
}
