import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Random command sequences through the built binary, checked after every step against a small
/// model of trendsh (`TrendshModel`): the entries and habits in the store file, the draft and
/// the pending changes must be what the model says. A failure prints its seed, the sequence
/// shrunk to the steps that still fail, and how to replay it.
///
/// `TRENDSH_MODEL_SEQUENCES=N` runs N sequences (1,000 by default), `TRENDSH_MODEL_SEED=N` only
/// the sequence of seed N, and `TRENDSH_MODEL_FIRST_SEED=N` starts the seeds at N.
/// `TRENDSH_MODEL_LONGEST=N` makes sequences of 4 to N steps (13 by default).
/// `TRENDSH_MODEL_TRACE=1` prints each step and what trendsh held after it.
/// `TRENDSH_MODEL_ONE_PERSON=1` draws the sequences without sam's steps (those of a
/// one-person store, as before people).
///
/// On SQLite the store holds two people: the live session is `me`'s, and some steps run a few
/// commands as `sam` (`--person sam -c …`) beside it. Sam's log is modelled apart from me's;
/// the session must show only me's, and sam's steps must never reach me's entries or undo.
///
/// The same sequences run on a log kept on the tests' PostgreSQL server, each in a database of
/// its own: 80 of them by default (a server session costs more to start), or
/// `TRENDSH_MODEL_SERVER_SEQUENCES=N`. There the sequences are one person's: a person is the
/// login role and `--person` is refused, so no step is sam's.
@Suite struct ModelSequenceTests {
    static let shards = 4

    @Test(arguments: 0..<shards) func randomSequencesAgreeWithTheModel(shard: Int) {
        check(engine: .sqlite, shard: shard, count: 1000)
    }

    @Test(arguments: 0..<2) func randomSequencesAgreeWithTheModelOnAServer(shard: Int) {
        let count = Self.environment("TRENDSH_MODEL_SERVER_SEQUENCES").flatMap(UInt64.init) ?? 80
        check(engine: .postgres, shard: shard, count: count, shards: 2)
    }

    /// Runs this shard's sequences on `engine` and records each disagreement, shrunk.
    private func check(engine: ModelEngine, shard: Int, count: UInt64, shards: Int = shards) {
        for seed in Self.seeds(count: count) where seed % UInt64(shards) == UInt64(shard) {
            let steps = Self.steps(seed: seed, engine: engine)
            guard let failure = ModelCheck.run(steps, on: engine) else { continue }
            let shrunk = ModelCheck.shrink(steps, on: engine)
            Issue.record(
                Comment(
                    rawValue: Self.report(seed: seed, steps: steps, failure: failure, shrunk: shrunk, engine: engine)))
        }
    }

    /// The seeds this run checks: `count` unless the environment says otherwise.
    static func seeds(count defaultCount: UInt64) -> [UInt64] {
        if let seed = environment("TRENDSH_MODEL_SEED").flatMap(UInt64.init) { return [seed] }
        let count = environment("TRENDSH_MODEL_SEQUENCES").flatMap(UInt64.init) ?? defaultCount
        let first = environment("TRENDSH_MODEL_FIRST_SEED").flatMap(UInt64.init) ?? 0
        return Array(first..<(first + count))
    }

    /// The sequence of `seed`: 4 to 13 steps, or to `TRENDSH_MODEL_LONGEST`. On SQLite the
    /// store has two people, me and sam, and some steps are sam's; on a server a person is the
    /// login role and `--person` is refused, so its sequences are one person's, me's.
    static func steps(seed: UInt64, engine: ModelEngine = .sqlite) -> [ModelStep] {
        let longest = environment("TRENDSH_MODEL_LONGEST").flatMap(Int.init).map { max($0, 4) } ?? 13
        var random = ModelRandom(seed: seed)
        return ModelSteps.sequence(&random, count: 4 + random.below(longest - 3), people: twoPeople(on: engine))
    }

    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// True when the store holds sam beside me: on SQLite, unless `TRENDSH_MODEL_ONE_PERSON` is set.
    static func twoPeople(on engine: ModelEngine) -> Bool {
        engine == .sqlite && environment("TRENDSH_MODEL_ONE_PERSON") == nil
    }

    static func report(
        seed: UInt64, steps: [ModelStep], failure: ModelFailure, shrunk: (ModelFailure, [ModelStep]),
        engine: ModelEngine
    ) -> String {
        func numbered(_ steps: [ModelStep]) -> String {
            steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
        }
        return """
            seed \(seed), on \(engine): the model and trendsh disagree after step \(failure.step + 1).
            \(failure.message)
            Sequence:
            \(numbered(steps))
            Shrunk to \(shrunk.1.count) steps, failing after step \(shrunk.0.step + 1):
            \(numbered(shrunk.1))
            \(shrunk.0.message)
            Replay: TRENDSH_MODEL_SEED=\(seed) swift test --skip-build --filter ModelSequenceTests\(
                engine == .sqlite ? "" : "/randomSequencesAgreeWithTheModelOnAServer")
            """
    }
}

/// Where a sequence went wrong, and how.
struct ModelFailure: Error {
    var step: Int
    var message: String
}

/// Runs one sequence against the binary and the model side by side.
///
/// On SQLite the store holds two people: `me`, the live session's, and `sam`, added at the start.
/// Each has a model of their own log (entries, history, deleted ids); entry ids and step numbers
/// are the store's, one sequence whoever writes. The live session's observation is me's alone;
/// sam's rows, read from the store, must be sam's model's after every step once sam has
/// written, and sam's `list` after each of sam's steps and at the end.
enum ModelCheck {
    /// The first disagreement, or nil when every step agreed.
    static func run(_ steps: [ModelStep], on engine: ModelEngine = .sqlite) -> ModelFailure? {
        let session: ModelSession
        do {
            session = try ModelSession(engine: engine)
            if ModelSequenceTests.twoPeople(on: engine) { try session.addSam() }
        } catch {
            return ModelFailure(step: 0, message: "the store could not be made: \(error)")
        }
        var model = TrendshModel()
        var sam = TrendshModel()
        for (index, step) in steps.enumerated() {
            do {
                try perform(step, session: session, model: &model, sam: &sam)
            } catch let failure as ModelFailure {
                return ModelFailure(step: index, message: failure.message)
            } catch {
                return ModelFailure(step: index, message: "trendsh stopped answering: \(error)")
            }
        }
        // Sam's list once more in a sequence with a step of sam's, unless it was the last: me's
        // steps since must not show. (Each list starts a process; the run stays as fast.)
        if ModelSequenceTests.twoPeople(on: engine), steps.contains(where: \.isSams), let last = steps.last,
            !last.isSams
        {
            let listed = session.asSam([]).listed
            if listed != sam.observation.listed {
                return ModelFailure(
                    step: steps.count - 1,
                    message: "at the end, sam's list: the model has \(sam.observation.listed), trendsh has \(listed)")
            }
        }
        return nil
    }

    /// Removes steps while the sequence still fails; returns the last failure and the steps.
    static func shrink(_ steps: [ModelStep], on engine: ModelEngine = .sqlite) -> (ModelFailure, [ModelStep]) {
        var current = steps
        var failure =
            run(steps, on: engine) ?? ModelFailure(step: steps.count - 1, message: "(it passed when run again)")
        var removed = true
        while removed {
            removed = false
            for index in current.indices.reversed() where index < current.count {
                var shorter = current
                shorter.remove(at: index)
                // Twice, since a kill's moment is not the same every run.
                if let found = run(shorter, on: engine) ?? run(shorter, on: engine) {
                    current = shorter
                    failure = found
                    removed = true
                }
            }
        }
        return (failure, current)
    }

    /// True when `stderr` holds an error made of `pieces` in order, the first right after `error: `.
    static func says(_ stderr: String, _ pieces: [String]) -> Bool {
        var rest = stderr[...]
        for (index, piece) in pieces.enumerated() {
            guard let found = rest.ranges(of: index == 0 ? "error: " + piece : piece).first else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    static func perform(
        _ step: ModelStep, session: ModelSession, model: inout TrendshModel, sam: inout TrendshModel
    ) throws {
        switch step {
        case .type(let line):
            let printed = try session.type(line)
            let shouldFail = model.type(line)
            let failed = printed.stderr.contains("error:")
            if failed != shouldFail {
                throw ModelFailure(
                    step: 0,
                    message: "\"\(line)\" \(failed ? "failed" : "succeeded"), the model expected otherwise.\n"
                        + "stdout: \(printed.stdout)stderr: \(printed.stderr)")
            }
            if !model.expectedError.isEmpty && !Self.says(printed.stderr, model.expectedError) {
                throw ModelFailure(
                    step: 0,
                    message: "\"\(line)\" should have said \"\(model.expectedError.joined(separator: "…"))\".\n"
                        + "stderr: \(printed.stderr)")
            }
        case .restart:
            session.restart()
            model.restart()
        case .kill:
            session.kill()
            model.restart()
        case .killDuringSave(let microseconds):
            var saved = model
            let refused = saved.type("save")
            if refused || (saved.entries == model.entries && saved.habits == model.habits) {
                _ = try session.type("save")
                session.kill()
                model = saved
                model.restart()
            } else {
                session.kill(during: "save", after: microseconds)
                saved.restart()
                model.restart()
                // On the server, an insert the kill rolled back has used its id up.
                if let next = try session.nextEntryID() { model.nextID = next }
                let seen = try session.observe()
                // Killed before or after the commit: either is right, once.
                if seen == saved.observation { model = saved }
                if ModelSequenceTests.environment("TRENDSH_MODEL_TRACE") != nil {
                    print("killed during save: " + (seen == saved.observation ? "saved before the kill" : "not saved"))
                }
                guard seen == model.observation else {
                    throw ModelFailure(
                        step: 0,
                        message: "after a kill during save, neither outcome: "
                            + "if saved: \(saved.observation.differences(from: seen))\n"
                            + "if not: \(model.observation.differences(from: seen))\ntrendsh:\n\(seen)")
                }
            }
        case .killDuringAmend(let line, let microseconds):
            var applied = model
            let refused = applied.type(line)
            guard model.pending.isEmpty, model.fault == .none, !refused else {
                _ = try session.type(line)
                session.kill()
                model = applied
                model.restart()
                break
            }
            session.kill(during: line, after: microseconds)
            var waiting = model
            waiting.fault = .always
            _ = waiting.type(line)
            model.restart()
            applied.restart()
            waiting.restart()
            let seen = try session.observe()
            // Killed before the change was kept, while it waited, or after it was applied:
            // any is right, and it is applied at most once.
            guard let outcome = [model, waiting, applied].first(where: { $0.observation == seen }) else {
                throw ModelFailure(
                    step: 0,
                    message: "after a kill during an amend, no outcome fits: "
                        + "if applied: \(applied.observation.differences(from: seen))\n"
                        + "if waiting: \(waiting.observation.differences(from: seen))\n"
                        + "if not kept: \(model.observation.differences(from: seen))\ntrendsh:\n\(seen)")
            }
            if ModelSequenceTests.environment("TRENDSH_MODEL_TRACE") != nil {
                print(
                    "killed during amend: "
                        + (outcome == applied ? "applied" : outcome == waiting ? "waiting" : "not kept"))
            }
            model = outcome
        case .otherSession(let commands):
            let result = session.otherSession(commands)
            let shouldFail = model.otherSession(commands)
            if result.stderr.contains("error:") != shouldFail {
                throw ModelFailure(
                    step: 0,
                    message: "the other session \(commands) ended \(result.status); the model expected it to "
                        + (shouldFail ? "fail" : "succeed") + ".\nstdout: \(result.stdout)stderr: \(result.stderr)")
            }
        case .asSam(let commands):
            // Sam's run waits behind me's pending changes as any `-c` run does: the file is the store's.
            let (result, listed) = session.asSam(commands)
            let shouldFail = sam.otherSession(commands, waiting: model.pending)
            model.takeNumbers(from: sam)
            if result.stderr.contains("error:") != shouldFail {
                throw ModelFailure(
                    step: 0,
                    message: "sam's session \(commands) ended \(result.status); the model expected it to "
                        + (shouldFail ? "fail" : "succeed") + ".\nstdout: \(result.stdout)stderr: \(result.stderr)")
            }
            if listed != sam.observation.listed {
                throw ModelFailure(
                    step: 0,
                    message: "sam's list: the model has \(sam.observation.listed), trendsh has \(listed)\n"
                        + "stdout: \(result.stdout)")
            }
        }
        // On the server, entry and step numbers come from sequences, which a transaction that
        // rolled back (a conflict tried again, a kill) has moved on: trendsh promises no
        // numbers without gaps there (docs/shared-log.md), so the model takes the next ones.
        if let next = try session.nextEntryID() { model.nextID = next }
        if let next = try session.nextStepID() { model.nextStep = next }
        sam.takeNumbers(from: model)
        let seen = try session.observe()
        let expected = model.observation
        if ModelSequenceTests.environment("TRENDSH_MODEL_TRACE") != nil {
            print("step: \(step)\n\(seen)")
        }
        if seen != expected {
            throw ModelFailure(step: 0, message: expected.differences(from: seen) + "\ntrendsh:\n\(seen)")
        }
        // Whatever me did, sam's rows are sam's model's: none of me's steps reaches them. Read
        // once sam has written (before, a row of me's that went to sam is missing from me's).
        if ModelSequenceTests.twoPeople(on: session.engine), step.isSams || !sam.history.isEmpty {
            let samsRows = try ModelObservation.entries(in: session, of: .sam)
            if samsRows != sam.observation.entries {
                throw ModelFailure(
                    step: 0, message: "sam's entries: the model has \(sam.observation.entries), the store \(samsRows)")
            }
        }
    }
}
