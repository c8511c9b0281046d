import FoundationEssentials

/// A weight that storage has confirmed. Only the repository creates these.
public struct WeightEntry: Sendable, Equatable, Identifiable {
    /// The store's row id, shown to people as `#12`.
    public var id: Int64
    public var date: Date
    public var kilograms: Double
    public var note: String
    /// The draft this entry was saved from; a retry of that draft finds it instead of writing twice.
    public var draftID: DraftID?

    public init(id: Int64, date: Date, kilograms: Double, note: String, draftID: DraftID? = nil) {
        self.id = id
        self.date = date
        self.kilograms = kilograms
        self.note = note
        self.draftID = draftID
    }

    /// True when the two describe the same weight, date and note, whatever their ids.
    func hasSameContent(as other: NewWeightEntry) -> Bool {
        date == other.date && kilograms == other.kilograms && note == other.note
    }
}

/// A validated entry on its way to storage: everything but the id the store assigns.
public struct NewWeightEntry: Sendable, Equatable {
    public var date: Date
    public var kilograms: Double
    public var note: String
    public var draftID: DraftID

    public init(date: Date, kilograms: Double, note: String, draftID: DraftID) {
        self.date = date
        self.kilograms = kilograms
        self.note = note
        self.draftID = draftID
    }
}

/// The identity of one draft, stored with the entry it becomes so a retry never writes twice.
public struct DraftID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// A fresh random identity.
    public static func make() -> DraftID { DraftID(rawValue: UUID().uuidString.lowercased()) }

    public var description: String { rawValue }
}
