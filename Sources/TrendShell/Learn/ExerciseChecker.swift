import FoundationEssentials
import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// What `--check` asks of an exercise: its goal is false in a fresh session at the lesson's
/// clock, and true once the reference solution has run there.
@MainActor
public enum ExerciseChecker {
    /// Why an exercise's reference solution does not prove its goal.
    public enum Problem: Equatable, Sendable {
        /// The goal holds before anything is typed, so there is nothing to do.
        case metBeforeTheSolution
        /// The goal does not hold after the solution.
        case notMetByTheSolution
    }

    /// Nil when the exercise is sound; otherwise what is wrong.
    public static func check(_ exercise: Exercise, now: Date, files: OwnFiles = OwnFiles(store: .memory)) -> Problem? {
        let captured = CapturedOutput()
        let session = Session.make(
            files: files.with(store: .memory), clock: .fixed(now), output: captured, person: .nobody)
        session.start()
        defer { session.close() }
        if exercise.goal.holds(in: session.goalState(events: [])) { return .metBeforeTheSolution }
        var events: [GoalState.Event] = []
        for line in exercise.solution {
            if let event = run(line, in: session) { events.append(event) }
        }
        return exercise.goal.holds(in: session.goalState(events: events)) ? nil : .notMetByTheSolution
    }

    /// Runs one typed line as a session does; the event it makes, or nil for a blank line
    /// or a comment.
    static func run(_ line: String, in session: Session) -> GoalState.Event? {
        do {
            guard let command = try session.parse(line) else { return nil }
            return GoalState.Event(command: command.name, failed: session.perform(command) == .failed)
        } catch {
            _ = session.reject(error)
            return GoalState.Event(command: error.commandName ?? "", failed: true)
        }
    }
}

extension ExerciseChecker {
    /// `--check`'s sentences for a lesson's exercises: one per exercise that is unsound, or
    /// one when the directives cannot be read; empty when every exercise is sound.
    /// The exercises run in the lesson's own folder, as its replay does, so a file it names
    /// (`import 14-libra-export.csv`) is the one beside it.
    public static func problems(inLesson text: String, at path: String, now: Date, files: OwnFiles) -> [String] {
        var buffer = [CChar](repeating: 0, count: 4096)
        let previous = getcwd(&buffer, buffer.count).map { _ in
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let moved = chdir(folder) == 0
        defer { if moved, let previous { chdir(previous) } }
        let exercises: [Exercise]
        do {
            exercises = try Exercise.exercises(in: text)
        } catch {
            return [Messages.exercisesUnreadable(error)]
        }
        return exercises.compactMap { exercise in
            check(exercise, now: now, files: files).map {
                Messages.exerciseProblem(exercise.title, line: exercise.line, $0)
            }
        }
    }
}
