import TrendKit

/// The commands about the shell itself rather than a feature: help, status, simulate, history.
extension Session {
    func help(_ topic: String?) -> Outcome {
        guard let topic else {
            for line in Renderer.helpList() { say(line) }
            return .succeeded
        }
        guard let spec = CommandTable.spec(named: topic.lowercased()) else {
            return fail(ParseError.unknownCommand(topic).message)
        }
        for line in Renderer.help(for: spec) { say(line) }
        return .succeeded
    }

    func status() async -> Outcome {
        let plan = await faults.plan
        say("store: \(storeDescription)")
        for feature in features {
            var line = "\(feature.featureName): \(feature.stateDescription)"
            if let error = feature.retainedError {
                line += "; error: \(error.message)"
                if case .storage(let storage) = error, let code = storage.sqliteCode {
                    line += " (SQLite code \(code))"
                }
            }
            say(line)
        }
        if let editor {
            var state = editor.hasUnsavedChanges ? "unsaved changes" : "no unsaved changes"
            if editor.errorMessage != nil { state += ", last save failed" }
            say("draft: \(editor.entry.map { "editing #\($0.id)" } ?? "new entry"), \(state)")
        } else {
            say("draft: none")
        }
        say("draft file: \(draftFileNote)")
        say("simulations: \(plan.summary.isEmpty ? "none" : plan.summary.joined(separator: ", "))")
        return .succeeded
    }

    func simulate(_ request: SimulateRequest?) async -> Outcome {
        guard let request else {
            let summary = await faults.plan.summary
            return say(summary.isEmpty ? "No simulations are active." : "Active: \(summary.joined(separator: ", ")).")
        }
        switch request {
        case .saveFailure(let persistence):
            await faults.update { $0.fail(.save, with: .simulated(.save), persistence) }
            return say(
                persistence == .once
                    ? "The next save will fail. The one after works again."
                    : "Every save will fail until \"simulate off\".")
        case .openFailure:
            await faults.update { $0.fail(.open, with: .simulated(.open), .always) }
            return say("The store will fail to open until \"simulate off\". Settings and help keep working.")
        case .refreshFailure:
            await faults.update { $0.fail(.refresh, with: .simulated(.refresh), .once) }
            return say("The next refresh will fail.")
        case .off:
            await faults.update { $0.clear() }
            return say("Simulations are off.")
        }
    }

    func showHistory(_ count: Int?) -> Outcome {
        guard let history else { return say("History is off for this session.") }
        let lines = history.entries
        let shown = lines.suffix(count ?? 20)
        let first = lines.count - shown.count + 1
        for (offset, line) in shown.enumerated() { say("\(first + offset)  \(line)") }
        return .succeeded
    }
}
