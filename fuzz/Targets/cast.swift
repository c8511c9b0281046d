import FoundationEssentials

@testable import TrendShell

/// The cast writer's escaping, `Asciicast.jsonString`, and the lines built with it. Whatever
/// the text: its JSON string is valid JSON that decodes back to the text, and holds no
/// control character, DEL, C1 control or line separator raw (so `cat` of a cast cannot
/// drive the terminal); the header and event lines are valid JSON with the text in place.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCast(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let text = Fuzz.text(bytes)
    let json = Asciicast.jsonString(text)
    let raw = json.unicodeScalars.first {
        (0...0x1F).contains($0.value) || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029
    }
    Fuzz.check(raw == nil, "\(json.debugDescription) holds a control character raw")
    let decoder = JSONDecoder()
    Fuzz.check(
        (try? decoder.decode(String.self, from: Data(json.utf8))) == text,
        "\(json.debugDescription) does not decode to \(text.debugDescription)")
    let milliseconds = bytes.prefix(8).reduce(0) { $0 << 8 | Int($1) }
    let event = Asciicast.eventLine(milliseconds: milliseconds, .output, text)
    guard let decoded = try? decoder.decode(Event.self, from: Data(event.utf8)) else {
        Fuzz.check(false, "\(event.debugDescription) is not valid JSON")
        return 0
    }
    Fuzz.check(decoded.data == text && decoded.code == "o", "\(event.debugDescription) holds other text")
    Fuzz.check(decoded.time >= 0 && decoded.time.isFinite, "\(event.debugDescription) has a time before the start")
    let header = Asciicast.headerLine(Asciicast.Header(width: 80, height: 24, title: text))
    let title = try? decoder.decode(Header.self, from: Data(header.utf8)).title
    Fuzz.check(title == text, "\(header.debugDescription) does not hold the title")
    return 0
}

/// An event line as a player reads it: `[time, code, data]`.
private struct Event: Decodable {
    var time: Double
    var code: String
    var data: String

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        time = try container.decode(Double.self)
        code = try container.decode(String.self)
        data = try container.decode(String.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "more than three values")
        }
    }
}

/// The header line's fields a player needs.
private struct Header: Decodable {
    var version: Int
    var width: Int
    var height: Int
    var title: String
}
