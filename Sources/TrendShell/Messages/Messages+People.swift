import TrendKit

extension Messages {
    /// A word given as a person's name that cannot be one.
    static func notAPersonName(_ command: String, _ word: String) -> String {
        "\(command) was given \"\(DisplayText.escaped(word))\", which is not a name: a name starts with a letter and holds letters, digits, \"_\", \"-\" and \".\", at most \(PersonName.maximumLength)."
    }

    static func workingOn(_ person: String?) -> String {
        guard let person else { return "The store has not been reached yet, so whose log this is is not known." }
        return "Working on \(DisplayText.escaped(person))'s log."
    }

    static func personAdded(_ name: PersonName) -> String {
        "Added \(name) to the store, with an empty log; \"person \(name)\" works on it."
    }

    static func personAlreadyThere(_ name: PersonName) -> String {
        "The store already holds \(name); nothing was changed."
    }

    static func personNotAdded(_ name: PersonName, _ error: StorageError) -> String {
        "\(name) was not added: \(reason(error))"
    }

    static func personNotChosen(_ name: PersonName, _ error: StorageError) -> String {
        switch error {
        case .unknownPerson, .logNotShared: return reason(error)
        default: break
        }
        return "The session stays on its log; \(name)'s could not be opened: \(reason(error))"
    }

    static func personWhileDraftOpen(_ name: PersonName) -> String {
        "The draft has unsaved changes, so the session stays on its log; save or cancel the draft, then \"person \(name)\"."
    }

    static func personWhileChangesPending(_ name: PersonName) -> String {
        "Changes are pending for this log, so the session stays on it; \"retry\" applies them, then \"person \(name)\"."
    }

    static func readers(_ readers: [PersonName]) -> String {
        guard !readers.isEmpty else { return "Your log is shared with nobody: only you read it." }
        return "Your log is shared with \(listAll(readers.map(\.rawValue))), who may read it and change none of it."
    }

    static func shared(with reader: PersonName, already: Bool) -> String {
        already
            ? "\(reader) may read your log already; nothing was changed."
            : "\(reader) may now read your log, and change none of it; \"unshare \(reader)\" takes that back."
    }

    static func unshared(_ reader: PersonName, had: Bool) -> String {
        had
            ? "\(reader) may no longer read your log."
            : "Your log was not shared with \(reader); nothing was changed."
    }

    static func notShared(_ error: StorageError) -> String { reason(error) }

    static func peopleUnreadable(_ error: StorageError) -> String {
        "The people could not be read: \(reason(error))"
    }

    /// `people`: one line a person, the session's own marked.
    static func peopleLines(_ people: [PersonSummary], current: String?, unit: WeightUnit) -> [String] {
        let width = people.map { $0.name.rawValue.count + ($0.name.rawValue == current ? 6 : 0) }.max() ?? 0
        return people.map { person in
            var name = person.name.rawValue
            if name == current { name += " (you)" }
            let padded = name + String(repeating: " ", count: max(0, width - name.count))
            guard let latest = person.latestKilograms, let day = person.lastWeighIn else {
                return "\(padded)  no weight yet"
            }
            let trend = person.trendKilograms.map { "  trend \(Renderer.weight($0, in: unit))" } ?? ""
            return "\(padded)  \(Renderer.weight(latest, in: unit))\(trend)  last weighed \(LocalCalendar.dayText(day))"
        }
    }
}
