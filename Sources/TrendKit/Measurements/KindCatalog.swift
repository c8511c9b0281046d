/// The kinds of measurement a session knows: the built-in ones, then those a person added,
/// which the store keeps. Commands, imports and exports find kinds here, by id or by word.
@MainActor
public final class KindCatalog {
    /// Every kind, the built-in ones first, in the order columns and help list them.
    public private(set) var all: [MeasurementKind]
    /// Where added kinds are kept; nil for a catalog that keeps them in memory only (tests).
    private let repository: (any KindRepository)?

    public init(added: [MeasurementKind] = [], repository: (any KindRepository)? = nil) {
        all = MeasurementKind.builtIn + added
        self.repository = repository
    }

    /// Replaces the kinds a person added with those the store holds now.
    public func replaceAdded(with added: [MeasurementKind]) {
        all = MeasurementKind.builtIn + added
    }

    /// Reads the added kinds from the store again (another session may have added one).
    public func reload() throws(StorageError) {
        guard let repository else { return }
        replaceAdded(with: try repository.addedKinds())
    }

    public func kind(_ id: KindID) -> MeasurementKind? {
        // By index: a closure over each kind copied its whole declaration.
        let kinds = all
        for index in kinds.indices where kinds[index].id == id { return kinds[index] }
        return nil
    }

    /// The kind this word names (its word or its id, in any case).
    public func kind(named word: String) -> MeasurementKind? {
        let lowered = word.lowercased()
        let kinds = all
        for index in kinds.indices where kinds[index].word == lowered || kinds[index].id.rawValue == lowered {
            return kinds[index]
        }
        return nil
    }

    /// The kinds other than weight.
    public var others: [MeasurementKind] { all.filter { $0.id != .weight } }

    /// The kinds a person added.
    public var added: [MeasurementKind] { all.filter { !$0.isBuiltIn } }

    /// Stores a new kind and lists it. A kind another session added under the same word is
    /// refused as taken.
    public func add(_ spec: KindSpec) throws(TrendError) -> MeasurementKind {
        let kind: MeasurementKind
        do throws(KindError) {
            kind = try spec.kind(besides: all)
        } catch {
            throw .kind(error)
        }
        guard let repository else {
            list(kind)
            return kind
        }
        let outcome: KindAddOutcome
        do {
            outcome = try repository.add(kind)
        } catch {
            throw .storage(error)
        }
        switch outcome {
        case .added(let added):
            if self.kind(added.id) == nil { list(added) }
            return added
        case .alreadyThere:
            throw .kind(.wordTaken(spec.word))
        }
    }

    /// Lists an added kind where a session reading the store lists it: the added kinds in the
    /// order of their ids as SQLite compares them (bytes), after the built-in ones.
    private func list(_ kind: MeasurementKind) {
        var added = self.added
        let index = added.firstIndex { kind.id.rawValue.utf8.lexicographicallyPrecedes($0.id.rawValue.utf8) }
        added.insert(kind, at: index ?? added.endIndex)
        replaceAdded(with: added)
    }

    /// Removes an added kind, refused while entries hold values of it.
    public func remove(word: String, waiting: (KindID) -> KindValueHolder? = { _ in nil }) throws(TrendError)
        -> MeasurementKind
    {
        guard let kind = kind(named: word) else { throw .kind(.noSuchKind(word)) }
        guard !kind.isBuiltIn else { throw .kind(.builtIn(kind.word)) }
        if let holder = waiting(kind.id) { throw .kind(.waiting(kind.word, in: holder)) }
        guard let repository else {
            all.removeAll { $0.id == kind.id }
            return kind
        }
        let outcome: KindRemoveOutcome
        do {
            outcome = try repository.remove(kind.id)
        } catch {
            throw .storage(error)
        }
        switch outcome {
        case .removed(let removed):
            all.removeAll { $0.id == removed.id }
            return removed
        case .missing:
            all.removeAll { $0.id == kind.id }
            return kind
        case .inUse(let count, let othersHoldSome):
            throw .kind(.inUse(kind.word, count: count, othersHoldSome: othersHoldSome))
        }
    }
}
