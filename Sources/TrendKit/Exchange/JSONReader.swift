/// Reads JSON from a stream one token at a time, so a file of a million entries is never
/// held whole. It checks the grammar as it goes (a missing comma, an unclosed string, a bad
/// escape are `.malformed` on their line), decodes strings, and keeps each string's or
/// number's text in `text` until the next token.
final class JSONReader {
    enum Token: Equatable {
        case beginObject
        case endObject
        case beginArray
        case endArray
        /// An object's key; its text is in `text`.
        case key
        case string
        /// A number; its text, as written, is in `text`.
        case number
        case bool(Bool)
        case null
        /// The end of the document.
        case end
    }

    /// How deep arrays and objects may nest.
    static let depthLimit = 256

    let stream: ByteStream
    /// The decoded text of the last key, string or number.
    private(set) var text: [UInt8] = []
    /// The line the last token started on.
    private(set) var line = 1
    private var currentLine = 1
    /// Open containers: true for an object.
    private var containers: [Bool] = []
    private var expectation = Expectation.value

    private enum Expectation {
        /// A value: at the start, after a colon, or after a comma in an array.
        case value
        /// A value, or `]` right after `[`.
        case firstValueOrEnd
        case firstKeyOrEnd
        case key
        case colon
        case commaOrEnd
        case done
    }

    init(stream: ByteStream) {
        self.stream = stream
        text.reserveCapacity(256)
    }

    /// The text of the last key, string or number.
    var string: String { String(decoding: text, as: UTF8.self) }

    /// Reads the next token.
    func next() throws(ImportFileError) -> Token {
        while true {
            guard let byte = try skipSpace() else {
                guard expectation == .done else { throw .malformed(line: currentLine) }
                return .end
            }
            line = currentLine
            switch expectation {
            case .done:
                throw .malformed(line: line)
            case .colon:
                guard byte == 0x3A else { throw .malformed(line: line) }
                stream.position += 1
                expectation = .value
            case .commaOrEnd:
                stream.position += 1
                if byte == 0x2C {
                    expectation = containers.last == true ? .key : .value
                } else if byte == 0x7D && containers.last == true {
                    return close()
                } else if byte == 0x5D && containers.last == false {
                    return close()
                } else {
                    throw .malformed(line: line)
                }
            case .firstKeyOrEnd, .key:
                if byte == 0x7D && expectation == .firstKeyOrEnd {
                    stream.position += 1
                    return close()
                }
                guard byte == 0x22 else { throw .malformed(line: line) }
                stream.position += 1
                try readString()
                expectation = .colon
                return .key
            case .value, .firstValueOrEnd:
                if byte == 0x5D && expectation == .firstValueOrEnd {
                    stream.position += 1
                    return close()
                }
                return try readValue(byte)
            }
        }
    }

    /// After a key, or where a value is expected: skips one whole value, however nested.
    func skipValue() throws(ImportFileError) {
        var depth = 0
        repeat {
            switch try next() {
            case .beginObject, .beginArray: depth += 1
            case .endObject, .endArray: depth -= 1
            case .end: throw .malformed(line: line)
            case .key, .string, .number, .bool, .null: break
            }
        } while depth > 0
    }

    private func readValue(_ byte: UInt8) throws(ImportFileError) -> Token {
        switch byte {
        case 0x7B, 0x5B:
            stream.position += 1
            guard containers.count < Self.depthLimit else { throw .malformed(line: line) }
            containers.append(byte == 0x7B)
            expectation = byte == 0x7B ? .firstKeyOrEnd : .firstValueOrEnd
            return byte == 0x7B ? .beginObject : .beginArray
        case 0x22:
            stream.position += 1
            try readString()
            valueEnded()
            return .string
        case 0x2D, 0x30...0x39:
            try readNumber()
            valueEnded()
            return .number
        case 0x74:
            try expectWord("true")
            valueEnded()
            return .bool(true)
        case 0x66:
            try expectWord("false")
            valueEnded()
            return .bool(false)
        case 0x6E:
            try expectWord("null")
            valueEnded()
            return .null
        default:
            throw .malformed(line: line)
        }
    }

    private func close() -> Token {
        let object = containers.removeLast()
        valueEnded()
        return object ? .endObject : .endArray
    }

    private func valueEnded() {
        expectation = containers.isEmpty ? .done : .commaOrEnd
    }

    /// The next byte that is not JSON white space, left unread; nil at the end.
    private func skipSpace() throws(ImportFileError) -> UInt8? {
        while let byte = try stream.peek() {
            switch byte {
            case 0x20, 0x09, 0x0D: stream.position += 1
            case 0x0A:
                stream.position += 1
                currentLine += 1
            default: return byte
            }
        }
        return nil
    }

    private func take() throws(ImportFileError) -> UInt8 {
        guard let byte = try stream.peek() else { throw .malformed(line: currentLine) }
        stream.position += 1
        return byte
    }

    private func expectWord(_ word: StaticString) throws(ImportFileError) {
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in bytes {
            guard try take() == expected else { throw .malformed(line: line) }
        }
        if let byte = try stream.peek(), Self.isWordByte(byte) { throw .malformed(line: line) }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2E || byte == 0x2B || byte == 0x2D
    }

    private func readNumber() throws(ImportFileError) {
        text.removeAll(keepingCapacity: true)
        while let byte = try stream.peek(), Self.isWordByte(byte) {
            text.append(byte)
            stream.position += 1
            if text.count > CSVReader.fieldLimit { throw .fieldTooLong(line: line) }
        }
        guard Self.isNumber(text) else { throw .malformed(line: line) }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    static func isNumber(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < bytes.count && bytes[index] == 0x2D { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == 0x30 {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < bytes.count && bytes[index] == 0x2E {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count && (bytes[index] == 0x65 || bytes[index] == 0x45) {
            index += 1
            if index < bytes.count && (bytes[index] == 0x2B || bytes[index] == 0x2D) { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    /// Reads a string's body after its opening quote into `text`, decoding escapes.
    private func readString() throws(ImportFileError) {
        text.removeAll(keepingCapacity: true)
        while true {
            if stream.isEmpty {
                guard try stream.refill() else { throw .malformed(line: line) }
            }
            // Copy the run up to the next quote, backslash or control character in one step.
            let run = stream.buffer.withUnsafeBufferPointer { bytes -> Int in
                var scan = stream.position
                while scan < stream.count {
                    let byte = bytes[scan]
                    if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
                    scan += 1
                }
                return scan
            }
            text.append(contentsOf: stream.buffer[stream.position..<run])
            stream.position = run
            if text.count > CSVReader.fieldLimit { throw .fieldTooLong(line: line) }
            guard run < stream.count else { continue }
            let byte = try take()
            if byte == 0x22 { return }
            guard byte == 0x5C else { throw .malformed(line: currentLine) }
            try readEscape()
        }
    }

    private func readEscape() throws(ImportFileError) {
        let escape = try take()
        switch escape {
        case 0x22, 0x5C, 0x2F: text.append(escape)
        case 0x62: text.append(0x08)
        case 0x66: text.append(0x0C)
        case 0x6E: text.append(0x0A)
        case 0x72: text.append(0x0D)
        case 0x74: text.append(0x09)
        case 0x75:
            var scalar = try hexQuad()
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                guard try take() == 0x5C, try take() == 0x75 else { throw .malformed(line: line) }
                let low = try hexQuad()
                guard low >= 0xDC00 && low <= 0xDFFF else { throw .malformed(line: line) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                throw .malformed(line: line)
            }
            guard let decoded = Unicode.Scalar(scalar) else { throw .malformed(line: line) }
            text.append(contentsOf: String(Character(decoded)).utf8)
        default:
            throw .malformed(line: line)
        }
    }

    private func hexQuad() throws(ImportFileError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = try take()
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw .malformed(line: line)
            }
            value = value << 4 | digit
        }
        return value
    }
}
