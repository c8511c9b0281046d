import FoundationEssentials

/// A habit the store has confirmed: a name, when it was created, and the days it was done.
public struct Habit: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var name: String
    public var createdAt: Date
    /// Raised by every change of the habit itself (a rename).
    public var revision: Int64
    /// The draft this habit was saved from; a retry of that draft finds it.
    public var draftID: DraftID?
    /// The days it was done, as local day numbers (days since 1970-01-01), ascending.
    public var doneDays: [Int]

    public init(
        id: Int64, name: String, createdAt: Date, revision: Int64 = 1, draftID: DraftID? = nil, doneDays: [Int] = []
    ) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.revision = revision
        self.draftID = draftID
        self.doneDays = doneDays
    }

    /// True when it was done on `day`.
    public func isDone(on day: Int) -> Bool { Self.contains(doneDays, day) }

    /// The days done in a row ending today, or ending yesterday while today is not done yet:
    /// a streak lives until a whole day passes without it.
    public func streak(today: Int) -> Int {
        var day = isDone(on: today) ? today : today - 1
        var count = 0
        while isDone(on: day) {
            count += 1
            day -= 1
        }
        return count
    }

    /// How many of the `days` days ending today it was done.
    public func doneCount(lastDays days: Int, today: Int) -> Int {
        doneDays.reduce(0) { $0 + (($1 > today - days && $1 <= today) ? 1 : 0) }
    }

    private static func contains(_ days: [Int], _ day: Int) -> Bool {
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle] < day { low = middle + 1 } else { high = middle }
        }
        return low < days.count && days[low] == day
    }
}

/// Why a habit change was refused. Each case reads as one sentence to the user.
public enum HabitError: Error, Equatable, Sendable {
    /// The name is blank once spaces are trimmed.
    case invalidName
    /// Another habit has this name (compared without regard to case, after NFC).
    case duplicateName(String)
    /// The name is longer than `HabitName.maximumLength` characters.
    case nameTooLong(length: Int)
    /// No habit has this name.
    case noSuchHabit(String)
    /// A day can't be marked before it has come.
    case dayInFuture
    /// The day typed names no day trendsh can keep.
    case date(DateTextError)
}

/// The rules for a habit's name, in one place.
public enum HabitName {
    public static let maximumLength = 80

    /// The name as it is stored: trimmed, in Unicode NFC; throws for a blank or long one.
    public static func normalized(_ text: String) throws(HabitError) -> String {
        let name = WeightEntryDraft.canonicalNFC(text.trimmingWhitespace())
        guard !name.isEmpty else { throw .invalidName }
        guard name.count <= maximumLength else { throw .nameTooLong(length: name.count) }
        return name
    }

    /// What two names are compared by: NFC, then without regard to case.
    public static func key(_ name: String) -> String {
        WeightEntryDraft.canonicalNFC(name.trimmingWhitespace()).lowercased()
    }
}
