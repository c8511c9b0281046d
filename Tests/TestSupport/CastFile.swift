import FoundationEssentials

/// An asciicast v2 file read back by the tests: every line must be valid JSON, the first a
/// header object and each other an event array `[time, code, data]`.
public struct CastFile: Sendable {
    public struct Header: Decodable, Sendable, Equatable {
        public var version: Int
        public var width: Int
        public var height: Int
        public var title: String?
        public var env: [String: String]?
        public var timestamp: Int?
    }

    public struct Event: Decodable, Sendable, Equatable {
        public var time: Double
        public var code: String
        public var data: String

        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            time = try container.decode(Double.self)
            code = try container.decode(String.self)
            data = try container.decode(String.self)
            guard container.isAtEnd else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "more than three items")
            }
        }
    }

    /// A line that is not what asciicast v2 allows there.
    public struct Invalid: Error, CustomStringConvertible {
        public var lineNumber: Int
        public var line: String
        public var description: String { "line \(lineNumber) is not valid asciicast JSON: \(line)" }
    }

    public var header: Header
    public var events: [Event]

    /// Reads `text`; throws at the first line that does not decode.
    public init(_ text: String) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard text.hasSuffix("\n"), lines.count >= 2 else { throw Invalid(lineNumber: 0, line: "(no lines)") }
        let decoder = JSONDecoder()
        do {
            header = try decoder.decode(Header.self, from: Data(lines[0].utf8))
        } catch {
            throw Invalid(lineNumber: 1, line: lines[0])
        }
        var events: [Event] = []
        for (index, line) in lines.enumerated().dropFirst() where index < lines.count - 1 {
            do {
                events.append(try decoder.decode(Event.self, from: Data(line.utf8)))
            } catch {
                throw Invalid(lineNumber: index + 1, line: line)
            }
        }
        self.events = events
    }

    /// The marker labels, in order.
    public var markers: [String] { events.filter { $0.code == "m" }.map(\.data) }

    /// Everything written to the terminal, joined.
    public var output: String { events.filter { $0.code == "o" }.map(\.data).joined() }

    /// True when no event comes before the one above it.
    public var timesNeverDecrease: Bool { zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time } }
}
