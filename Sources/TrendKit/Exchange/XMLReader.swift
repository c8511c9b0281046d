/// Reads the elements of an XML document from a stream, one start tag at a time, so a
/// multi-gigabyte Apple Health export is never held whole. It never expands an entity: a
/// document that declares one (`<!ENTITY`, or a parameter entity in its DOCTYPE) is refused,
/// and so is any reference other than XML's five (`&lt;` `&gt;` `&amp;` `&quot;` `&apos;`)
/// and character references. A DOCTYPE that declares only elements, attributes and
/// notations, as Apple Health's does, is read past. Text, comments, CDATA and processing
/// instructions are skipped; only start tags and their attributes are reported.
///
/// The document must be whole and well formed as far as what it reports depends on it: each
/// end tag closes the element open, the root element is closed before the file ends (a file
/// cut short is `.endsEarly`), nothing but comments, processing instructions and white space
/// stands outside it, and no tag names one attribute twice.
final class XMLReader {
    enum Event: Equatable {
        /// A start tag (or an empty-element tag): `name` and the attributes hold it.
        case start
        /// An end tag.
        case end
        /// The end of the document.
        case done
    }

    let stream: ByteStream
    /// The last start or end tag's name.
    private(set) var name: [UInt8] = []
    /// The last start tag's attribute names and decoded values, back to back.
    private var storage: [UInt8] = []
    private var attributes: [(name: Range<Int>, value: Range<Int>)] = []
    /// The line the last tag started on.
    private(set) var line = 1
    private var currentLine = 1
    /// The names of the elements open now, outermost first, back to back; each starts at
    /// its offset in `openStarts`.
    private var openNames: [UInt8] = []
    private var openStarts: [Int] = []
    /// The root element has been closed: only comments, processing instructions and white
    /// space may follow it.
    private var rootClosed = false
    /// How deep elements may nest (Apple Health's nest four deep).
    static let depthLimit = 256

    init(stream: ByteStream) {
        self.stream = stream
        storage.reserveCapacity(1024)
    }

    /// The decoded value of the last start tag's attribute `wanted`, if it has one.
    func attribute(_ wanted: StaticString) -> String? {
        let key = UnsafeBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount)
        for attribute in attributes where storage[attribute.name].elementsEqual(key) {
            return String(decoding: storage[attribute.value], as: UTF8.self)
        }
        return nil
    }

    /// The raw bytes of the last start tag's attribute `wanted`.
    func attributeBytes(_ wanted: StaticString) -> ArraySlice<UInt8>? {
        let key = UnsafeBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount)
        for attribute in attributes where storage[attribute.name].elementsEqual(key) {
            return storage[attribute.value]
        }
        return nil
    }

    /// True when the last tag's name is `wanted`.
    func isNamed(_ wanted: StaticString) -> Bool {
        name.elementsEqual(UnsafeBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount))
    }

    /// Reads up to and including the next start or end tag.
    func next() throws(ImportFileError) -> Event {
        while true {
            try skipText()
            guard try stream.peek() != nil else {
                guard openStarts.isEmpty else { throw .endsEarly(line: currentLine) }
                return .done
            }
            stream.position += 1  // "<"
            line = currentLine
            let byte = try take()
            switch byte {
            case 0x3F: try skip(past: "?>")
            case 0x21: try readDeclaration()
            case 0x2F:
                try readName()
                try skipSpace()
                guard try take() == 0x3E else { throw .malformed(line: line) }
                try close()
                return .end
            default:
                stream.position -= 1
                guard !rootClosed else { throw .malformed(line: line) }
                if try readStartTag() {
                    if openStarts.isEmpty { rootClosed = true }
                } else {
                    guard openStarts.count < Self.depthLimit else { throw .malformed(line: line) }
                    openStarts.append(openNames.count)
                    openNames.append(contentsOf: name)
                }
                return .start
            }
        }
    }

    /// Closes the open element the end tag just read names; any other is a mistake.
    private func close() throws(ImportFileError) {
        guard let start = openStarts.last, openNames[start...].elementsEqual(name) else {
            throw .malformed(line: line)
        }
        openStarts.removeLast()
        openNames.removeSubrange(start...)
        if openStarts.isEmpty { rootClosed = true }
    }

    // MARK: - Text and markup that is skipped

    /// Skips character data up to the next `<`, checking every entity reference in it.
    /// Outside the root element only white space may stand.
    private func skipText() throws(ImportFileError) {
        if openStarts.isEmpty {
            while let byte = try stream.peek(), byte != 0x3C {
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
                    throw .malformed(line: currentLine)
                }
                if byte == 0x0A { currentLine += 1 }
                stream.position += 1
            }
            return
        }
        while true {
            if stream.isEmpty {
                guard try stream.refill() else { return }
            }
            let stop = stream.buffer.withUnsafeBufferPointer { bytes -> Int in
                var scan = stream.position
                while scan < stream.count {
                    let byte = bytes[scan]
                    if byte == 0x3C || byte == 0x26 { break }
                    if byte == 0x0A { currentLine += 1 }
                    scan += 1
                }
                return scan
            }
            stream.position = stop
            guard stop < stream.count else { continue }
            if stream.buffer[stop] == 0x3C { return }
            stream.position += 1
            _ = try readReference()
        }
    }

    /// `<!--…-->`, `<![CDATA[…]]>` or `<!DOCTYPE …>`, after `<!`.
    private func readDeclaration() throws(ImportFileError) {
        if try lookingAt("--") {
            try skip(past: "-->")
        } else if !openStarts.isEmpty, try lookingAt("[CDATA[") {
            try skip(past: "]]>")
        } else if openStarts.isEmpty, !rootClosed, try lookingAt("DOCTYPE") {
            try readDoctype()
        } else {
            throw .malformed(line: line)
        }
    }

    /// The DOCTYPE, after `<!DOCTYPE`: its name and any external id, then the internal subset,
    /// whose element, attribute-list and notation declarations and comments are skipped.
    private func readDoctype() throws(ImportFileError) {
        while true {
            let byte = try take()
            switch byte {
            case 0x3E: return
            case 0x22, 0x27: try skipQuoted(byte)
            case 0x5B:
                try readInternalSubset()
                try skipSpace()
                guard try take() == 0x3E else { throw .malformed(line: line) }
                return
            default: break
            }
        }
    }

    private func readInternalSubset() throws(ImportFileError) {
        while true {
            try skipSpace()
            let lineHere = currentLine
            let byte = try take()
            switch byte {
            case 0x5D: return
            case 0x25: throw .entityDeclaration(line: lineHere)
            case 0x3C:
                if try lookingAt("!--") {
                    try skip(past: "-->")
                } else if try lookingAt("?") {
                    try skip(past: "?>")
                } else if try lookingAt("!ENTITY") {
                    throw .entityDeclaration(line: lineHere)
                } else if try lookingAt("!ELEMENT") {
                    try skipDeclarationBody()
                } else if try lookingAt("!ATTLIST") {
                    try skipDeclarationBody()
                } else if try lookingAt("!NOTATION") {
                    try skipDeclarationBody()
                } else {
                    throw .malformed(line: lineHere)
                }
            default:
                throw .malformed(line: lineHere)
            }
        }
    }

    /// The rest of a markup declaration, to its `>`; quoted text may hold `>`.
    private func skipDeclarationBody() throws(ImportFileError) {
        while true {
            let byte = try take()
            switch byte {
            case 0x3E: return
            case 0x22, 0x27: try skipQuoted(byte)
            case 0x25: throw .entityDeclaration(line: currentLine)
            default: break
            }
        }
    }

    private func skipQuoted(_ quote: UInt8) throws(ImportFileError) {
        while try take() != quote {}
    }

    /// Skips to just after `terminator`.
    private func skip(past terminator: StaticString) throws(ImportFileError) {
        let pattern = Array(UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount))
        var matched = 0
        while matched < pattern.count {
            let byte = try take()
            if byte == pattern[matched] {
                matched += 1
            } else {
                matched = byte == pattern[0] ? 1 : 0
            }
        }
    }

    // MARK: - Tags

    /// Reads a start tag after its `<`; true when it is an empty-element tag (`<a/>`).
    private func readStartTag() throws(ImportFileError) -> Bool {
        try readName()
        storage.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        while true {
            let hadSpace = try skipSpace()
            guard let byte = try stream.peek() else { throw .malformed(line: line) }
            switch byte {
            case 0x3E:
                stream.position += 1
                return false
            case 0x2F:
                stream.position += 1
                guard try take() == 0x3E else { throw .malformed(line: line) }
                return true
            default:
                guard hadSpace else { throw .malformed(line: line) }
                try readAttribute()
            }
        }
    }

    private func readName() throws(ImportFileError) {
        name.removeAll(keepingCapacity: true)
        while let byte = try stream.peek(), Self.isNameByte(byte) {
            name.append(byte)
            stream.position += 1
            if name.count > CSVReader.fieldLimit { throw .fieldTooLong(line: line) }
        }
        guard !name.isEmpty else { throw .malformed(line: line) }
    }

    private func readAttribute() throws(ImportFileError) {
        let nameStart = storage.count
        while let byte = try stream.peek(), Self.isNameByte(byte) {
            storage.append(byte)
            stream.position += 1
            try checkLength()
        }
        let nameRange = nameStart..<storage.count
        guard !nameRange.isEmpty else { throw .malformed(line: line) }
        // One attribute named twice would leave it to chance which value is read.
        for earlier in attributes
        where earlier.name.count == nameRange.count && storage[earlier.name].elementsEqual(storage[nameRange]) {
            throw .repeatedAttribute(line: line, name: String(decoding: storage[nameRange], as: UTF8.self))
        }
        try skipSpace()
        guard try take() == 0x3D else { throw .malformed(line: line) }
        try skipSpace()
        let quote = try take()
        guard quote == 0x22 || quote == 0x27 else { throw .malformed(line: line) }
        let valueStart = storage.count
        while true {
            let byte = try take()
            if byte == quote { break }
            switch byte {
            case 0x3C: throw .malformed(line: line)
            case 0x26:
                let scalar = try readReference()
                storage.append(contentsOf: String(Character(scalar)).utf8)
            case 0x0A:
                currentLine += 1
                storage.append(byte)
            default:
                storage.append(byte)
            }
            try checkLength()
        }
        attributes.append((nameRange, valueStart..<storage.count))
    }

    private func checkLength() throws(ImportFileError) {
        if storage.count > CSVReader.fieldLimit { throw .fieldTooLong(line: line) }
    }

    /// A reference after `&`: one of XML's five entities or a character reference. Any other
    /// name is refused: trendsh never expands an entity.
    private func readReference() throws(ImportFileError) -> Unicode.Scalar {
        var body: [UInt8] = []
        while true {
            let byte = try take()
            if byte == 0x3B { break }
            body.append(byte)
            guard body.count <= 64, byte != 0x3C, byte != 0x26, byte > 0x20 else { throw .malformed(line: currentLine) }
        }
        let text = String(decoding: body, as: UTF8.self)
        switch text {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { throw .malformed(line: currentLine) }
            return scalar
        }
        throw .undefinedEntity(line: currentLine, name: text)
    }

    // MARK: - Bytes

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, 0x3E, 0x2F, 0x3D, 0x3C, 0x22, 0x27, 0x26: return false
        default: return true
        }
    }

    private func take() throws(ImportFileError) -> UInt8 {
        guard let byte = try stream.peek() else { throw .malformed(line: currentLine) }
        stream.position += 1
        if byte == 0x0A { currentLine += 1 }
        return byte
    }

    /// Skips white space; true when there was some.
    @discardableResult
    private func skipSpace() throws(ImportFileError) -> Bool {
        var skipped = false
        while true {
            guard let byte = try stream.peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
                return skipped
            }
            if byte == 0x0A { currentLine += 1 }
            stream.position += 1
            skipped = true
        }
    }

    /// Consumes `word` when the next bytes are exactly it; otherwise consumes nothing.
    private func lookingAt(_ word: StaticString) throws(ImportFileError) -> Bool {
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        // Words are short; make sure they sit in one chunk, carrying the rest over if needed.
        guard try ensure(bytes.count) else { return false }
        guard stream.buffer[stream.position..<stream.position + bytes.count].elementsEqual(bytes) else { return false }
        stream.position += bytes.count
        return true
    }

    /// Makes sure `needed` bytes are available in the buffer; false when the file ends first.
    private func ensure(_ needed: Int) throws(ImportFileError) -> Bool {
        if stream.count - stream.position >= needed { return true }
        return try stream.carryOver(needed)
    }
}
