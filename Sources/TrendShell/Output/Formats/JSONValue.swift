/// A JSON value as trendsh writes it: objects keep their keys in the order given, so each
/// command's answer reads the same every time. Numbers that are not finite cannot be made
/// (`number` gives `null` for them); `JSONWriter` turns a value into one line.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// Always finite: see `number(_:)`.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A number, or `null` for one that is not finite (JSON has no form for those).
    public static func number(_ value: Double) -> JSONValue { value.isFinite ? .double(value) : .null }

    public static func integer(_ value: Int) -> JSONValue { .integer(Int64(value)) }

    /// A string, or `null` for none.
    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }
}

/// The fields of a JSON object, in order, with the schema's rule for a missing figure built
/// in: `figure("rate", nil, missing: "fewer-than-two-weeks")` writes `"rate": null` and
/// `"rateMissing": "fewer-than-two-weeks"` beside it.
public struct JSONFields: Sendable {
    public private(set) var pairs: [(String, JSONValue)] = []

    public init() {}

    public mutating func add(_ key: String, _ value: JSONValue) { pairs.append((key, value)) }

    /// A number, or `null` and its reason code (`KEYMissing`) when there is none. A number
    /// that is not finite is missing too, as `not-finite`.
    public mutating func figure(_ key: String, _ value: Double?, missing reason: @autoclosure () -> String) {
        guard let value else {
            add(key, .null)
            add(key + "Missing", .string(reason()))
            return
        }
        guard value.isFinite else {
            add(key, .null)
            add(key + "Missing", .string(MissingReason.notFinite.rawValue))
            return
        }
        add(key, .double(value))
    }

    public var value: JSONValue { .object(pairs) }
}
