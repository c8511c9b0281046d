import Testing

@testable import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// A file named for import is read in chunks, checked to be UTF-8 as it passes (a bad byte
/// names its line), fingerprinted, and refused when it is no file at all.
@Suite struct ByteStreamTests {
    /// Reads every byte; returns them (a byte-order mark skipped).
    static func readAll(_ stream: ByteStream) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while try stream.refill() || !stream.isEmpty {
            bytes += stream.buffer[stream.position..<stream.count]
            stream.position = stream.count
        }
        return bytes
    }

    static let text = Array("first line\nsecond: caf\u{e9} \u{1F600}\nthird\n".utf8)

    @Test(arguments: [4, 5, 13, 64])
    func validTextSplitAnywhereIsReadWhole(chunkSize: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try Self.readAll(try stream(Self.text, chunkSize: chunkSize, in: directory)) == Self.text)
    }

    @Test(arguments: [
        ([0xC3] as [UInt8], "a truncated sequence at the end"),
        ([0x80], "a stray continuation byte"),
        ([0xC0, 0xAF], "an overlong slash"),
        ([0xED, 0xA0, 0x80], "a surrogate"),
        ([0xF4, 0x90, 0x80, 0x80], "a code point past U+10FFFF"),
        ([0xFF], "a byte UTF-8 never uses"),
    ])
    func bytesThatAreNotUTF8NameTheirLine(bad: [UInt8], what: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Array("one\ntwo\nthree ".utf8) + bad + (bad == [0xC3] ? [] : Array(" four\nfive\n".utf8))
        for chunkSize in [4, 7, 4096] {
            #expect(throws: ImportFileError.invalidUTF8(line: 3), "\(what), chunks of \(chunkSize)") {
                try Self.readAll(try stream(bytes, chunkSize: chunkSize, in: directory))
            }
        }
    }

    /// Found by fuzz/Targets/import-json.swift: a file read in one chunk reported the bad
    /// byte, one read in small chunks the grammar error before it. The first problem in
    /// the file is the one reported, whatever the chunks.
    @Test(arguments: [4, 7, 4096])
    func aProblemBeforeABadByteIsReportedFirst(chunkSize: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Array("[1,\n,2]\n\"".utf8) + [0xFF] + Array("\"]\n".utf8)
        let reader = JSONReader(stream: try stream(bytes, chunkSize: chunkSize, in: directory))
        #expect(throws: ImportFileError.malformed(line: 2)) {
            while try reader.next() != .end {}
        }
    }

    @Test func theFingerprintChangesWithTheContentAndOnlyWithIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func fingerprint(_ text: String, _ name: String) throws -> FileFingerprint? {
            let stream = try stream(Array(text.utf8), chunkSize: 5, in: directory, name: name)
            _ = try Self.readAll(stream)
            return stream.fingerprint
        }
        let first = try #require(try fingerprint("2026-11-20,80.3\n", "a"))
        let same = try #require(try fingerprint("2026-11-20,80.3\n", "b"))
        let changed = try #require(try fingerprint("2026-11-20,80.4\n", "c"))
        #expect(first.hash == same.hash)
        #expect(first.hash != changed.hash)
        #expect(first.size == 16)
        #expect(FileFingerprint(text: first.text) == first)
    }

    @Test func aFolderAPipeAndAMissingFileAreRefusedByName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: ImportFileError.notARegularFile(.directory)) { try ByteStream(path: directory.path) }
        let pipe = directory.file("pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(throws: ImportFileError.notARegularFile(.fifo)) { try ByteStream(path: pipe) }
        #expect(throws: ImportFileError.cannotOpen(errno: ENOENT)) { try ByteStream(path: directory.file("none")) }
    }

    @Test func aZipArchiveIsRecognisedBeforeItsBytesAreRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let zip = try directory.write([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0xFF, 0xFE], to: "export.zip")
        #expect(throws: ImportFileError.zipArchive) { try ByteStream(path: zip) }
    }
}
