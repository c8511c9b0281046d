import Testing

@testable import TrendKit

/// The XML reader reports start tags and their attributes and never expands an entity: a
/// document that declares one, or refers to one other than XML's five, is refused by line.
/// A DOCTYPE that declares only elements and attributes, as Apple Health's does, is read.
@Suite struct XMLReaderTests {
    /// The start tags of `text`, each as its name and its `value` attribute.
    static func startTags(_ text: String, chunkSize: Int = 4) throws -> [String] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reader = XMLReader(stream: try stream(Array(text.utf8), chunkSize: chunkSize, in: directory))
        var tags: [String] = []
        while true {
            switch try reader.next() {
            case .done: return tags
            case .end: continue
            case .start:
                let name = String(decoding: reader.name, as: UTF8.self)
                tags.append(reader.attribute("value").map { "\(name)=\($0)" } ?? name)
            }
        }
    }

    @Test(arguments: [4, 6, 11, 4096])
    func anAppleHealthExportIsReadPastItsDoctypeHoweverItIsChunked(chunkSize: Int) throws {
        let tags = try Self.startTags(ExchangeFixtures.appleHealth, chunkSize: chunkSize)
        #expect(tags.first == "HealthData")
        #expect(
            tags.filter { $0.hasPrefix("Record") } == [
                "Record=180", "Record=165", "Record=0.214", "Record=129.7", "Record=74.7", "Record=32.5",
            ])
    }

    @Test func theFiveEntitiesAndCharacterReferencesAreDecodedInAttributes() throws {
        let text = #"<r><a value="&lt;&gt;&amp;&quot;&apos; &#233;&#x1F600;"/></r>"#
        #expect(try Self.startTags(text) == ["r", "a=<>&\"' \u{e9}\u{1F600}"])
    }

    @Test func commentsCDATAAndProcessingInstructionsAreSkipped() throws {
        let text =
            "<?xml version=\"1.0\"?>\n<!-- <a value=\"no\"/> -->\n<r><![CDATA[<a value=\"no\"/>]]><?pi x?><b/></r>"
        #expect(try Self.startTags(text) == ["r", "b"])
    }

    @Test func anEntityDeclarationIsRefusedNamingItsLine() throws {
        let billionLaughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
             <!ELEMENT lolz (#PCDATA)>
             <!ENTITY lol "lol">
             <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
            ]>
            <lolz>&lol2;</lolz>
            """
        #expect(throws: ImportFileError.entityDeclaration(line: 4)) { try Self.startTags(billionLaughs) }
    }

    @Test func anExternalEntityIsRefusedToo() throws {
        let external =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n]>\n<r>&xxe;</r>"
        #expect(throws: ImportFileError.entityDeclaration(line: 3)) { try Self.startTags(external) }
    }

    @Test func aParameterEntityIsRefused() throws {
        let text = "<!DOCTYPE r [\n<!ATTLIST r a CDATA %x;>\n]>\n<r/>"
        #expect(throws: ImportFileError.entityDeclaration(line: 2)) { try Self.startTags(text) }
    }

    @Test func aReferenceToAnUndeclaredEntityIsRefusedInTextAndAttributes() throws {
        #expect(throws: ImportFileError.undefinedEntity(line: 2, name: "secret")) {
            try Self.startTags("<r>\n&secret;</r>")
        }
        #expect(throws: ImportFileError.undefinedEntity(line: 1, name: "x")) {
            try Self.startTags("<r a=\"&x;\"/>")
        }
    }

    @Test(arguments: [("<r><a value=\"1\"</r>", 1), ("<r>\n<a value=1/></r>", 2), ("<r>\n<a b=\"<\"/></r>", 2)])
    func brokenMarkupIsRefusedNamingItsLine(text: String, line: Int) throws {
        #expect(throws: ImportFileError.malformed(line: line)) { try Self.startTags(text) }
    }

    /// A file cut short (an export unzipped in part, a copy stopped half way) is refused,
    /// never read as if its records ended there.
    @Test(arguments: [
        ("<HealthData>\n<Record value=\"1\"/>\n", 3),
        ("<HealthData>\n<Record value=\"1\">\n<MetadataEntry key=\"k\"/>\n", 4),
        ("<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">", 2),
    ])
    func aDocumentThatEndsBeforeItsRootIsClosedIsRefused(text: String, line: Int) throws {
        #expect(throws: ImportFileError.endsEarly(line: line)) { try Self.startTags(text) }
    }

    @Test(arguments: [
        ("<HealthData>\n<Record value=\"1\">\n</HealthData>\n", 3),
        ("<HealthData>\n</Record>\n</HealthData>\n", 2),
        ("<HealthData></HealthData>\n<Record value=\"2\"/>\n", 2),
        ("<HealthData></HealthData>\nstray text\n", 2),
        ("stray text\n<HealthData></HealthData>\n", 1),
    ])
    func anEndTagThatClosesAnotherElementOrAnythingOutsideTheRootIsRefused(text: String, line: Int) throws {
        #expect(throws: ImportFileError.malformed(line: line)) { try Self.startTags(text) }
    }

    @Test func commentsProcessingInstructionsAndSpaceMayFollowTheRoot() throws {
        let text = "<HealthData><Record value=\"1\"/></HealthData>\n<!-- exported -->\n<?done?>\n\n"
        #expect(try Self.startTags(text) == ["HealthData", "Record=1"])
    }

    @Test(arguments: [4, 4096])
    func anAttributeGivenTwiceInOneTagIsRefused(chunkSize: Int) throws {
        let text = "<HealthData>\n<Record value=\"80\" unit=\"kg\" value=\"90\"/>\n</HealthData>\n"
        #expect(throws: ImportFileError.repeatedAttribute(line: 2, name: "value")) {
            try Self.startTags(text, chunkSize: chunkSize)
        }
        let distinct = "<HealthData>\n<Record value=\"80\" values=\"90\" valu=\"1\"/>\n</HealthData>\n"
        #expect(try Self.startTags(distinct, chunkSize: chunkSize) == ["HealthData", "Record=80"])
    }

    @Test func aTagOverOneMegabyteIsRefused() throws {
        let big = "<r a=\"" + String(repeating: "x", count: CSVReader.fieldLimit + 1) + "\"/>"
        #expect(throws: ImportFileError.fieldTooLong(line: 1)) { try Self.startTags(big, chunkSize: 1 << 16) }
    }
}
