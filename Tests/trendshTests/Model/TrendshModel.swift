/// A small model of trendsh, written from the guide and independent of TrendKit: the store
/// (entries, habits, the undo history), and one session's draft, pending changes and
/// simulation. `Observation` renders both the model and the real program the same way.
struct TrendshModel: Equatable, Sendable {
    /// A weigh-in: its weight in tenths of a kilogram (nil for one without a weight), the note,
    /// the minute it was taken, and its other measurements in tenths of their units.
    struct Entry: Equatable, Sendable {
        var tenths: Int?
        var note: String
        var date: String
        var measures: [Kind: Int] = [:]
    }

    /// One step of the store's history, with what undo puts back.
    enum Change: Equatable, Sendable {
        case entries(before: [Int: Entry?], after: [Int: Entry?])
        case habitAdded(String)
        case habitDone(String, day: String)
        /// `measure add`, with the range it declared, in tenths of a centimetre.
        case kindAdded(Kind, ClosedRange<Int>)
        /// `measure remove`, with the range the kind had.
        case kindRemoved(Kind, ClosedRange<Int>)
    }

    struct HistoryStep: Equatable, Sendable {
        var number: Int
        var change: Change
        var done = true
        /// When undone, its place in the order steps were undone (redo takes the highest).
        var undoneOrder = 0

        /// True when the entries are as the step left them (or, undone, as it found them):
        /// the store compares what is there, not how it got there. A habit's creation is not
        /// taken back while days hang on it; a kind is as the step left it when it is there
        /// with the same range, or not there.
        func canFlip(_ entries: [Int: Entry], habitDays: [String: [String]], kinds: [Kind: ClosedRange<Int>]) -> Bool {
            switch change {
            case .entries(let before, let after):
                return (done ? after : before).allSatisfy { entries[$0.key] == $0.value }
            case .habitAdded(let name): return !done || (habitDays[name] ?? []).isEmpty
            case .habitDone: return true
            case .kindAdded(let kind, let range): return kinds[kind] == (done ? range : nil)
            case .kindRemoved(let kind, let range): return kinds[kind] == (done ? nil : range)
            }
        }

        /// The kind flipping the step would take away: an added kind undone, a removal redone.
        var kindItWouldRemove: Kind? {
            switch change {
            case .kindAdded(let kind, _) where done: return kind
            case .kindRemoved(let kind, _) where !done: return kind
            default: return nil
            }
        }

        /// The entries flipping the step would put back (its other side).
        var entriesItWouldPutBack: [Entry] {
            guard case .entries(let before, let after) = change else { return [] }
            return (done ? before : after).values.compactMap { $0 }
        }

        /// How `undo list` and the refusals describe a kind's step.
        var kindDescription: String? {
            switch change {
            case .kindAdded(let kind, let range): return "added the kind \"\(kind)\" (\(TrendshModel.described(range)))"
            case .kindRemoved(let kind, let range):
                return "removed the kind \"\(kind)\" (\(TrendshModel.described(range)))"
            default: return nil
            }
        }

        /// The rows it changed, as the store names them.
        var rows: Set<String> {
            switch change {
            case .entries(let before, _): return Set(before.keys.map { "entry \($0)" })
            case .habitAdded(let name): return ["habit \(name)"]
            case .habitDone(let name, let day): return ["day \(name) \(day)"]
            case .kindAdded(let kind, _), .kindRemoved(let kind, _): return ["kind \(kind)"]
            }
        }
    }

    enum DraftKind: Equatable, Sendable {
        case new
        case edit(Int)
        case habit
        case importing(String)
    }

    struct Draft: Equatable, Sendable {
        var kind: DraftKind
        var value = ""
        var note = ""
        var date = TrendshModel.now
        /// Each measurement other than the weight, as typed (`21.5`, `35 in`).
        var measures: [Kind: String] = [:]
        var opened: [String] = ["", "", TrendshModel.now]
        var openedMeasures: [Kind: String] = [:]
        /// For an edit: the entry's version when the draft was opened, or last refused.
        var base = 0
        var name = ""

        var hasUnsavedChanges: Bool {
            switch kind {
            case .new, .edit: return [value, note, date] != opened || measures != openedMeasures
            case .habit: return !name.isEmpty
            case .importing: return true
            }
        }
    }

    /// What an amend changes.
    enum Field: Equatable, Sendable {
        case value
        case note
        case measure(Kind)

        init?(word: String) {
            switch word {
            case "value": self = .value
            case "note": self = .note
            default:
                guard let kind = Kind(rawValue: word) else { return nil }
                self = .measure(kind)
            }
        }
    }

    enum PendingAction: Equatable, Sendable {
        case amend(id: Int, field: Field, text: String)
        case undo(step: Int)
        case redo(step: Int)
    }

    struct Pending: Equatable, Sendable {
        var action: PendingAction
        var base: Int
    }

    enum Fault: Equatable, Sendable { case none, once, always }

    static let now = "2026-11-29 08:00"

    // The store.
    var entries: [Int: Entry] = [:]
    var versions: [Int: Int] = [:]
    var nextID = 1
    /// The ids a `delete` removed, in any session: deleting one again, when it is not there,
    /// says it had already been deleted and changes nothing (an undo since notwithstanding).
    var deletedIDs: Set<Int> = []
    var clock = 0
    var habits: [String] = []
    var habitDays: [String: [String]] = [:]
    var history: [HistoryStep] = []
    var nextStep = 1
    var undoneCount = 0
    /// The kinds a person added, with their ranges in tenths of a centimetre.
    var addedKinds: [Kind: ClosedRange<Int>] = [:]
    static let importRows: [String: [Entry]] = [
        "a.csv": [
            Entry(tenths: 803, note: "imp", date: "2026-11-20 07:30"),
            Entry(tenths: 801, note: "", date: "2026-11-21 07:30"),
        ],
        "b.csv": [Entry(tenths: 799, note: "", date: "2026-11-22 06:00")],
    ]

    // The live session.
    var draft: Draft?
    var pending: [Pending] = []
    var fault = Fault.none
    /// What the last typed line's error must say, where the model knows more than that it fails:
    /// pieces that follow one another in it, the first right after `error: `; none when the
    /// model knows only that it fails.
    var expectedError: [String] = []

    /// Tenths of a kilogram for a typed weight, or nil when the rules refuse it.
    static func tenths(_ text: String) -> Int? {
        decimalTenths(text).flatMap { (200...5000).contains($0) ? $0 : nil }
    }

    static func kilograms(_ tenths: Int) -> String { "\(tenths / 10).\(tenths % 10)" }

    /// The minute a typed date names, or nil when it is refused (the future).
    static func date(_ text: String) -> String? {
        switch text {
        case "today": return now
        case "yesterday": return "2026-11-28 08:00"
        case "-3d": return "2026-11-26 08:00"
        case "2026-11-20 07:30": return text
        default: return nil
        }
    }

    // MARK: Writes

    /// The store takes one write, or the simulation fails it.
    mutating func writeAllowed() -> Bool {
        switch fault {
        case .none: return true
        case .once:
            fault = .none
            return false
        case .always: return false
        }
    }

    mutating func bump(_ id: Int) {
        clock += 1
        versions[id] = clock
    }

    /// Sets entries as `after` says, as one new step of the history.
    mutating func record(_ change: Change) {
        history.removeAll { !$0.done }
        history.append(HistoryStep(number: nextStep, change: change))
        nextStep += 1
        put(change, undoing: false)
    }

    /// Applies a change (or takes it back) to the store.
    mutating func put(_ change: Change, undoing: Bool) {
        switch change {
        case .entries(let before, let after):
            for (id, entry) in undoing ? before : after {
                entries[id] = entry
                bump(id)
            }
        case .habitAdded(let name):
            if undoing {
                habits.removeAll { $0 == name }
                habitDays[name] = nil
            } else {
                habits.append(name)
            }
        case .habitDone(let name, let day):
            if undoing {
                habitDays[name, default: []].removeAll { $0 == day }
            } else {
                habitDays[name, default: []].append(day)
            }
        case .kindAdded(let kind, let range): addedKinds[kind] = undoing ? nil : range
        case .kindRemoved(let kind, let range): addedKinds[kind] = undoing ? range : nil
        }
    }

    func habit(named name: String) -> String? { habits.first { $0.lowercased() == name.lowercased() } }
}
