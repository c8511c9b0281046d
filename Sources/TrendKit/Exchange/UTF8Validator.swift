/// Checks that bytes arriving in chunks are UTF-8: no stray continuation byte, no overlong
/// form, no surrogate, nothing past U+10FFFF. A sequence may be split between chunks.
struct UTF8Validator: Sendable {
    /// Continuation bytes still expected.
    private var needed = 0
    /// The range the next continuation byte must fall in (narrower after E0, ED, F0, F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// True when no sequence is left open.
    var isComplete: Bool { needed == 0 }

    /// The offset of the first byte that is not valid UTF-8, or nil when all are.
    mutating func check(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            if needed == 0 {
                while index + 8 <= count,
                    bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                }
                guard index < count else { return nil }
                let byte = bytes[index]
                switch byte {
                case 0x00...0x7F: break
                case 0xC2...0xDF: begin(1, 0x80, 0xBF)
                case 0xE0: begin(2, 0xA0, 0xBF)
                case 0xE1...0xEC, 0xEE...0xEF: begin(2, 0x80, 0xBF)
                case 0xED: begin(2, 0x80, 0x9F)
                case 0xF0: begin(3, 0x90, 0xBF)
                case 0xF1...0xF3: begin(3, 0x80, 0xBF)
                case 0xF4: begin(3, 0x80, 0x8F)
                default: return index
                }
            } else {
                let byte = bytes[index]
                guard byte >= lower && byte <= upper else { return index }
                needed -= 1
                lower = 0x80
                upper = 0xBF
            }
            index += 1
        }
        return nil
    }

    private mutating func begin(_ continuations: Int, _ low: UInt8, _ high: UInt8) {
        needed = continuations
        lower = low
        upper = high
    }
}
