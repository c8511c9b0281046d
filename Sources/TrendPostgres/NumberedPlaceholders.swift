/// Rewrites the features' `?` placeholders as PostgreSQL's `$1`, `$2` …, in order (and
/// SQLite's `?2` as `$2`). A `?`
/// inside a quoted string ('…'), a quoted name ("…"), a dollar-quoted body ($tag$…$tag$),
/// or a comment (`--` to the end of the line, `/* … */`) is text, not a placeholder, and is
/// left as it is.
enum NumberedPlaceholders {
    /// `sql` with each placeholder numbered, and how many there were.
    static func rewrite(_ sql: String) -> (sql: String, count: Int) {
        let bytes = Array(sql.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var count = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                let end = closing(byte, in: bytes, after: index)
                out += bytes[index..<end]
                index = end
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                out += bytes[index..<end]
                index = end
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let end = commentEnd(in: bytes, after: index)
                out += bytes[index..<end]
                index = end
            case UInt8(ascii: "$"):
                if let tagEnd = dollarTagEnd(in: bytes, at: index) {
                    let tag = Array(bytes[index...tagEnd])
                    let end = dollarBodyEnd(tag: tag, in: bytes, after: tagEnd + 1)
                    out += bytes[index..<end]
                    index = end
                } else {
                    out.append(byte)
                    index += 1
                }
            case UInt8(ascii: "?"):
                // `?NNN` names its parameter, as SQLite allows; a bare `?` takes the next one.
                var end = index + 1
                while end < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                out.append(UInt8(ascii: "$"))
                if end > index + 1 {
                    let digits = Array(bytes[(index + 1)..<end])
                    out += digits
                    count = max(count, Int(String(decoding: digits, as: UTF8.self)) ?? count)
                } else {
                    count += 1
                    out += Array(String(count).utf8)
                }
                index = end
            default:
                out.append(byte)
                index += 1
            }
        }
        return (String(decoding: out, as: UTF8.self), count)
    }

    /// The index just past the quote that closes the one at `start`; a doubled quote is part
    /// of the text. An unclosed quote runs to the end.
    private static func closing(_ quote: UInt8, in bytes: [UInt8], after start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == quote {
                if index + 1 < bytes.count && bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }

    private static func commentEnd(in bytes: [UInt8], after start: Int) -> Int {
        var index = start + 2
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") { return index + 2 }
            index += 1
        }
        return bytes.count
    }

    /// The index of the `$` that ends a dollar-quote tag starting at `start` (`$$`, `$body$`),
    /// or nil when the `$` starts none (a `$1` parameter, say).
    private static func dollarTagEnd(in bytes: [UInt8], at start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "$") { return index }
            let isLetter =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isLetter || (isDigit && index > start + 1) else { return nil }
            index += 1
        }
        return nil
    }

    private static func dollarBodyEnd(tag: [UInt8], in bytes: [UInt8], after start: Int) -> Int {
        var index = start
        while index + tag.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "$") && Array(bytes[index..<index + tag.count]) == tag {
                return index + tag.count
            }
            index += 1
        }
        return bytes.count
    }
}
