/// Text that arrives from outside (a pipe, a file, a row another program wrote) is UTF-8 or
/// it is not. Bytes that are not are never passed on as they are, and never silently turned
/// into U+FFFD either: where they are shown, each one is written `\xFF`, so a person sees
/// what the file or the line holds.
public enum UTF8Text {
    /// The text, or nil when any byte is not part of well-formed UTF-8.
    public static func decode(_ bytes: some Collection<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// The bytes as text a person can read: well-formed UTF-8 as it is, and every byte that is
    /// not part of it as `\x` and two hexadecimal digits (`\xFF`).
    public static func showing(_ bytes: some Collection<UInt8>) -> String {
        if let text = decode(bytes) { return text }
        let array = Array(bytes)
        var result = ""
        var start = 0
        var index = 0
        while index < array.count {
            let length = sequenceLength(in: array, at: index)
            if length > 0 {
                index += length
                continue
            }
            result += String(decoding: array[start..<index], as: UTF8.self)
            result += escape(array[index])
            index += 1
            start = index
        }
        result += String(decoding: array[start..<index], as: UTF8.self)
        return result
    }

    /// `\xFF`: how one byte that is not UTF-8 is shown.
    public static func escape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    /// The length of the well-formed UTF-8 sequence that starts at `index` (RFC 3629: no
    /// overlong form, no surrogate, nothing past U+10FFFF), or 0 when none starts there.
    static func sequenceLength(in bytes: [UInt8], at index: Int) -> Int {
        let count: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch bytes[index] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: count = 2
        case 0xE0: (count, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: (count, high) = (3, 0x9F)
        case 0xF0: (count, low) = (4, 0x90)
        case 0xF1...0xF3: count = 4
        case 0xF4: (count, high) = (4, 0x8F)
        default: return 0
        }
        guard index + count <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<count where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return count
    }
}
