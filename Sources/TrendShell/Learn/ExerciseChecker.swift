import FoundationEssentials
import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// What `--check` asks of an exercise: its goal is false in a fresh session at the lesson's
/// clock, and true once the reference solution has run there. A server lesson's exercise is
/// proven on its server, after the replay, in a session as its second role, once the first
/// role's set-up (`# set-up:`) has run in a session of its own.
@MainActor
public enum ExerciseChecker {
    /// Why an exercise's reference solution does not prove its goal.
    public enum Problem: Equatable, Sendable {
        /// The goal holds before anything is typed, so there is nothing to do.
        case metBeforeTheSolution
        /// The goal does not hold after the solution.
        case notMetByTheSolution
        /// A `# set-up:` command failed, typed as `role`; `error` is what it said.
        case setUpFailed(command: String, role: PersonName, error: String)
        /// No scratch folder could be made for a server lesson's sessions' local files.
        case noScratchFolder
    }

    /// Nil when the exercise is sound; otherwise what is wrong.
    public static func check(_ exercise: Exercise, now: Date, files: OwnFiles = OwnFiles(store: .memory)) -> Problem? {
        let session = Session.make(
            files: files.with(store: .memory), clock: .fixed(now), output: CapturedOutput(), person: .nobody)
        session.start()
        defer { session.close() }
        return prove(exercise, in: session)
    }

    /// Nil when the server lesson's exercise is sound on `server`; otherwise what is wrong.
    /// The store is the one the replay left: a server's cannot be emptied, so the goal must
    /// not depend on what the lesson wrote.
    public static func check(
        _ exercise: Exercise, now: Date, files: OwnFiles, on server: LessonServer, roles: ServerRoles
    ) -> Problem? {
        guard let scratch = ScratchFolder.make(in: files.temporaryFolder) else { return .noScratchFolder }
        defer { scratch.remove() }
        let clock = Clock.fixed(now)
        if let failure = setUp(exercise, on: server, as: roles.first, files: files, in: scratch.path, clock: clock) {
            return .setUpFailed(command: failure.command, role: roles.first, error: failure.error)
        }
        let session = server.session(
            as: roles.second, files: files, in: scratch.path, clock: clock, output: CapturedOutput())
        session.start()
        defer { session.close() }
        return prove(exercise, in: session)
    }

    /// Runs a server exercise's set-up as `role`, in a session of its own, closed before the
    /// attempt starts; the first command that failed, with the error it printed, or nil.
    static func setUp(
        _ exercise: Exercise, on server: LessonServer, as role: PersonName, files: OwnFiles, in folder: String,
        clock: Clock
    ) -> (command: String, error: String)? {
        guard !exercise.setUp.isEmpty else { return nil }
        let captured = CapturedOutput()
        let session = server.session(as: role, files: files, in: folder, clock: clock, output: captured)
        session.start()
        defer { session.close() }
        for line in exercise.setUp {
            let printed = captured.lines.count
            guard let event = run(line, in: session), event.failed else { continue }
            let errors = captured.lines.dropFirst(printed).filter { $0.stream == .err }.map { line in
                line.text.hasPrefix("error: ") ? String(line.text.dropFirst("error: ".count)) : line.text
            }
            return (line, errors.joined(separator: " "))
        }
        return nil
    }

    /// Decides the goal before anything is typed (it must be false), types the solution,
    /// and decides it again (it must be true).
    static func prove(_ exercise: Exercise, in session: Session) -> Problem? {
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
    /// A server lesson's (`server`: where it runs, and its roles) are proven on its server.
    public static func problems(
        inLesson text: String, at path: String, now: Date, files: OwnFiles,
        server: (LessonServer, ServerRoles)? = nil
    ) -> [String] {
        var buffer = [CChar](repeating: 0, count: 4096)
        let previous = getcwd(&buffer, buffer.count).map { _ in
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let moved = chdir(folder) == 0
        defer { if moved, let previous { chdir(previous) } }
        let exercises: [Exercise]
        do {
            exercises = try Exercise.exercises(in: text, onServer: server != nil)
        } catch {
            return [Messages.exercisesUnreadable(error)]
        }
        return exercises.compactMap { exercise in
            let problem =
                if case (let lessonServer, let roles)? = server {
                    check(exercise, now: now, files: files, on: lessonServer, roles: roles)
                } else {
                    check(exercise, now: now, files: files)
                }
            return problem.map {
                Messages.exerciseProblem(exercise.title, line: exercise.line, $0)
            }
        }
    }
}
