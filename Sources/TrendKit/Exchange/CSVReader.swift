/// Reads RFC 4180 records from a stream, one at a time, never holding more than one record:
/// fields separated by `delimiter`, records ended by LF, CRLF or CR, fields in double quotes
/// holding delimiters, line breaks and doubled quotes. It is lenient where files in the wild
/// are (a quote inside an unquoted field is kept as text) and strict where a mistake would
/// swallow the rest of the file (an unclosed quote, a field over 1 MB).
final class CSVReader {
    /// The longest field read.
    static let fieldLimit = 1 << 20
    /// The longest record read, and the most fields in one.
    static let recordLimit = 4 << 20
    static let fieldCountLimit = 10_000

    private static let quote: UInt8 = 0x22
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    let stream: ByteStream
    let delimiter: UInt8
    /// The current record's fields, unquoted, back to back.
    private(set) var storage: [UInt8] = []
    /// Where each field of the current record ends in `storage`.
    private(set) var ends: [Int] = []
    /// The line the current record starts on.
    private(set) var line = 1
    /// The line the reader has reached.
    private var nextLine = 1
    /// A CR ended the last record; an LF right after it belongs to the same line end.
    private var pendingLineFeed = false

    private enum State {
        case fieldStart
        case unquoted
        case quoted
        case afterQuote
    }

    init(stream: ByteStream, delimiter: UInt8 = 0x2C) {
        self.stream = stream
        self.delimiter = delimiter
        storage.reserveCapacity(4096)
        ends.reserveCapacity(32)
    }

    var fieldCount: Int { ends.count }

    /// The range of field `index` in `storage`.
    func range(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// Field `index` as text ("" past the last field).
    func text(_ index: Int) -> String {
        guard index < ends.count else { return "" }
        return String(decoding: storage[range(index)], as: UTF8.self)
    }

    /// True when the record is a blank line.
    var isBlank: Bool { ends.count == 1 && ends[0] == 0 }

    /// Reads the next record; false at the end of the file.
    func next() throws(ImportFileError) -> Bool {
        // The record is built in locals (moved out and back, never copied): a class's stored
        // properties are checked for exclusive access on every touch, locals are not.
        var storage = self.storage
        var ends = self.ends
        self.storage = []
        self.ends = []
        defer {
            self.storage = storage
            self.ends = ends
        }
        storage.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        var state = State.fieldStart
        var hasContent = false
        var quoteLine = 0
        var lineNumber = nextLine
        let recordLine = nextLine
        line = recordLine
        let delimiter = self.delimiter
        defer { nextLine = lineNumber }

        func append(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(ImportFileError) {
            guard !range.isEmpty else { return }
            storage.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            if storage.count - (ends.last ?? 0) > Self.fieldLimit { throw .fieldTooLong(line: recordLine) }
            if storage.count > Self.recordLimit { throw .rowTooLong(line: recordLine) }
        }
        func endField() throws(ImportFileError) {
            ends.append(storage.count)
            if ends.count > Self.fieldCountLimit { throw .rowTooLong(line: recordLine) }
        }

        while true {
            if stream.isEmpty {
                guard try stream.refill() else {
                    if state == .quoted { throw .unterminatedQuote(line: quoteLine) }
                    guard hasContent else { return false }
                    ends.append(storage.count)
                    return true
                }
            }
            if pendingLineFeed {
                pendingLineFeed = false
                if stream.buffer[stream.position] == Self.lineFeed {
                    stream.position += 1
                    continue
                }
            }
            var index = stream.position
            let end = stream.count
            let finished = try stream.buffer.withUnsafeBufferPointer { bytes throws(ImportFileError) -> Bool in
                while index < end {
                    switch state {
                    case .fieldStart:
                        hasContent = true
                        if bytes[index] == Self.quote {
                            state = .quoted
                            quoteLine = lineNumber
                            index += 1
                        } else {
                            state = .unquoted
                        }
                    case .unquoted:
                        var scan = index
                        while scan < end {
                            let byte = bytes[scan]
                            if byte == delimiter || byte == Self.lineFeed || byte == Self.carriageReturn { break }
                            scan += 1
                        }
                        try append(bytes, index..<scan)
                        index = scan
                        guard scan < end else { return false }
                        let byte = bytes[scan]
                        index += 1
                        try endField()
                        if byte == delimiter {
                            state = .fieldStart
                        } else {
                            lineNumber += 1
                            pendingLineFeed = byte == Self.carriageReturn
                            return true
                        }
                    case .quoted:
                        var scan = index
                        while scan < end {
                            let byte = bytes[scan]
                            if byte == Self.quote { break }
                            if byte == Self.lineFeed { lineNumber += 1 }
                            scan += 1
                        }
                        try append(bytes, index..<scan)
                        index = scan
                        guard scan < end else { return false }
                        index += 1
                        state = .afterQuote
                    case .afterQuote:
                        if bytes[index] == Self.quote {
                            try append(bytes, index..<index + 1)
                            index += 1
                            state = .quoted
                        } else {
                            // The closing quote; a delimiter or line end follows, or (leniently) text.
                            state = .unquoted
                        }
                    }
                }
                return false
            }
            stream.position = index
            if finished { return true }
        }
    }
}
