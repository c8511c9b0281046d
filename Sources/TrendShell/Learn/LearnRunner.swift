import FoundationEssentials
import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// `trendsh --learn`: lists the lessons with what the learner has done; `--learn N` practises
/// lesson N's exercises, from the first not yet learned. Each attempt runs in a session of its
/// own on a fresh scratch store (a real SQLite file, with its draft and pending files) in a
/// private folder removed at the end, at the lesson's clock and in UTC, as `--check` proves
/// the exercise, and in the lesson's folder, so a file the lesson names is found. After each
/// command the coach (`ExerciseCoach`) checks the goal. Outcomes are kept in the learning
/// progress file. The run exits 0 when the learner leaves, whatever was left unsaved: the
/// practice store is not the person's log. A server lesson (`# server:`) is practised on the
/// server `--store` names, which must be a scratch database: each attempt is a fresh session
/// as the lesson's second role, its local files in the scratch folder, after the exercise's
/// set-up has run as the first role; what the attempts save stays on the server.
@MainActor
public struct LearnRunner {
    let options: Options
    let environment: ShellEnvironment
    let output: any OutputSink
    let permissions: NamedFile.Permissions
    /// The reader the learner types into, for every attempt.
    let reader: any LineReader
    /// The attempt's session, for the reader's completion.
    let current: PracticeSession
    let interactive: Bool
    /// The server `--store` names, where a server lesson is practised; nil without one.
    let server: LessonServer?

    public init(
        options: Options, environment: ShellEnvironment, output: any OutputSink, permissions: NamedFile.Permissions,
        interactive: Bool, reader: any LineReader, current: PracticeSession, server: LessonServer? = nil
    ) {
        self.server = server
        self.options = options
        self.environment = environment
        self.output = output
        self.permissions = permissions
        self.interactive = interactive
        self.reader = reader
        self.current = current
    }

    /// Lists the lessons, or practises the one `--learn N` names.
    public func run() -> REPL.Ending {
        let searched = LessonShelf.candidates(named: options.lessonsFolder, executable: LessonShelf.executablePath())
        guard let shelf = LessonShelf.find(in: searched) else {
            return fail(Messages.learnNoLessons(searched: searched, named: options.lessonsFolder != nil))
        }
        let files = environment.ownFiles(store: .memory, options: options)
        let progressFile = LearningProgressFile(files: files)
        var progress = LearningProgress()
        var keepsProgress = progressFile != nil
        if let progressFile {
            do {
                progress = try progressFile.read()
            } catch {
                keepsProgress = false
                warn(Messages.learnProgressUnreadable(error))
            }
        }
        guard let chosen = options.learnLesson else {
            return list(shelf, progress: progress, progressPath: keepsProgress ? progressFile?.path : nil)
        }
        guard let file = shelf.lesson(named: chosen) else {
            return fail(Messages.learnNoSuchLesson(chosen, numbers: shelf.lessons.map(\.number)), status: .usage)
        }
        let lesson: Lesson
        do {
            lesson = try shelf.read(file)
        } catch {
            return fail(Messages.learnLessonUnreadable(error))
        }
        guard !lesson.exercises.isEmpty else { return fail(Messages.learnLessonHasNoExercises(lesson.title)) }
        if let roles = lesson.server, server == nil { return fail(Messages.learnNeedsServer(lesson, roles: roles)) }
        guard let scratch = ScratchFolder.make(for: .practiceFolder, in: environment["TMPDIR"]) else {
            return fail(Messages.learnScratchFolderNotMade)
        }
        defer { scratch.remove() }
        return practise(
            lesson, in: scratch, files: files, shelf: shelf,
            progress: Keeping(file: keepsProgress ? progressFile : nil, progress: progress))
    }

    /// The progress as this run knows it, and the file it is kept in (nil when not kept).
    struct Keeping {
        var file: LearningProgressFile?
        var progress: LearningProgress
    }

    private func list(_ shelf: LessonShelf, progress: LearningProgress, progressPath: String?) -> REPL.Ending {
        write(Messages.learnListHeading(folder: shelf.folder))
        for file in shelf.lessons {
            switch Result(catching: { () throws(LessonError) in try shelf.read(file) }) {
            case .success(let lesson):
                let outcomes = lesson.exercises.map { progress.outcome(lesson: lesson.name, exercise: $0.title) }
                write(Messages.learnListLine(lesson.number, title: lesson.title, outcomes: outcomes))
            case .failure(let error):
                write(Messages.learnListLineUnreadable(file.number, name: file.name))
                warn(Messages.learnLessonUnreadable(error))
            }
        }
        write(Messages.learnListFooter(progressPath: progressPath))
        output.flush()
        return .status(output.failure == nil ? .success : .failure)
    }

    private func practise(
        _ lesson: Lesson, in scratch: ScratchFolder, files: OwnFiles, shelf: LessonShelf, progress: Keeping
    ) -> REPL.Ending {
        var progress = progress
        // The lesson's clock, read in UTC, as --check and --play replay it.
        setenv("TZ", "UTC", 1)
        tzset()
        let now = options.now ?? lesson.now
        let folder = LessonShelf.parent(of: lesson.path)
        let moved = chdir(folder) == 0
        let practiceFiles = files.with(store: StoreLocation(scratch.file(Messages.practiceStoreName)))
        write(Messages.learnLessonIntro(lesson, now: now, folder: moved ? folder : nil, server: lessonServer(lesson)))
        write(Messages.learnCommandsReminder)
        var learned: [String] = []
        var skipped: [String] = []
        var index = firstExercise(of: lesson, progress: progress.progress)
        var announce = true
        var ending: REPL.Ending = .status(.success)
        var setUpFailed = false
        while index < lesson.exercises.count {
            let exercise = lesson.exercises[index]
            if announce {
                write(
                    Messages.learnExerciseIntro(
                        exercise, number: index + 1, of: lesson.exercises.count, setUpBy: lesson.server?.first))
            }
            guard let attempted = attempt(exercise, on: practiceFiles, in: scratch, now: now, lesson: lesson) else {
                setUpFailed = true
                break
            }
            let (coach, replEnding) = attempted
            switch coach.ending {
            case .met:
                learned.append(exercise.title)
                keep(.learned, exercise, of: lesson, in: &progress)
                index += 1
                announce = true
            case .skip:
                skipped.append(exercise.title)
                write(Messages.learnSkipped(exercise.title))
                keep(.skipped, exercise, of: lesson, in: &progress)
                index += 1
                announce = true
            case .again:
                write(Messages.learnAgain(exercise.title, onServer: lesson.server != nil))
                announce = false
            case nil:
                ending = replEnding
            }
            if coach.ending == nil || coach.sessionQuit || output.failure != nil { break }
        }
        let next = shelf.lessons.first { $0.number > lesson.number }?.number
        write(
            Messages.learnSummary(
                learned: learned, skipped: skipped, finished: index >= lesson.exercises.count, next: next,
                progressPath: progress.file?.path, onServer: lesson.server != nil))
        output.flush()
        if case .signal = ending { return ending }
        return .status(output.failure == nil && !setUpFailed ? .success : .failure)
    }

    /// The first exercise not yet learned, saying so when it is not the first; the first
    /// again when every one is learned.
    private func firstExercise(of lesson: Lesson, progress: LearningProgress) -> Int {
        let learned = lesson.exercises.map { progress.outcome(lesson: lesson.name, exercise: $0.title) == .learned }
        guard let index = learned.firstIndex(of: false) else {
            write(Messages.learnAllLearnedAlready)
            return 0
        }
        if index > 0 { write(Messages.learnResuming(at: index + 1)) }
        return index
    }

    /// The server a lesson is practised on, with its roles; nil for a lesson that runs on a
    /// scratch store.
    private func lessonServer(_ lesson: Lesson) -> (LessonServer, ServerRoles)? {
        lesson.server.flatMap { roles in server.map { ($0, roles) } }
    }

    /// One attempt: a fresh session on an emptied scratch store (or, for a server lesson, as
    /// its second role on the server, after the set-up), through the ordinary loop, with the
    /// exercise's coach beside it. The coach says how it ended; the loop's ending tells a
    /// signal or a failed output. Nil when a set-up command failed, which was said.
    private func attempt(
        _ exercise: Exercise, on files: OwnFiles, in scratch: ScratchFolder, now: Date, lesson: Lesson
    ) -> (ExerciseCoach, REPL.Ending)? {
        scratch.empty()
        // The commands run in the lessons' folder: no file they write replaces one of its files.
        let folder = LessonShelf.parent(of: lesson.path)
        let lessonFiles = FolderNames.names(in: folder).map { NamedFileRules.Input.lessonFile(folder + "/" + $0) }
        let style = TerminalStyle(usesColor: environment.stdoutIsTerminal && environment.allowsColor)
        let session: Session
        if case (let practiceServer, let roles)? = lessonServer(lesson) {
            if let failure = ExerciseChecker.setUp(
                exercise, on: practiceServer, as: roles.first, files: files, in: scratch.path, clock: .fixed(now))
            {
                let problem = Messages.learnSetUpFailed(
                    failure.command, role: roles.first, error: failure.error, server: practiceServer.address.displayed)
                output.write("error: " + DisplayText.escaped(problem), to: .err)
                return nil
            }
            // The set-up's local files are the first role's; the attempt starts with none.
            scratch.empty()
            session = practiceServer.session(
                as: roles.second, files: files, in: scratch.path, clock: .fixed(now), output: output, style: style,
                interruptRequested: { Signals.stopRequested }, namedFiles: permissions, inputs: lessonFiles,
                terminalWidth: { [environment] in environment.outputWidth() })
        } else {
            session = Session.make(
                files: files, clock: .fixed(now), output: output, style: style,
                interruptRequested: { Signals.stopRequested }, namedFiles: permissions,
                inputs: lessonFiles,
                terminalWidth: { [environment] in environment.outputWidth() }, person: .nobody)
        }
        session.traces = options.trace
        session.echoesInput = options.echo
        session.start()
        current.session = session
        defer {
            session.close()
            current.session = nil
        }
        let coach = ExerciseCoach(exercise: exercise, session: session, output: output)
        var repl = REPL(session: session, reader: reader, output: output)
        repl.echo = options.echo
        repl.interactive = interactive
        repl.coach = coach
        repl.reportsWhatIsLeft = false
        repl.pendingSignal = { [interactive] in interactive ? Signals.terminateSignal : Signals.endingSignal }
        return (coach, repl.run())
    }

    private func keep(
        _ outcome: LearningProgress.Outcome, _ exercise: Exercise, of lesson: Lesson, in keeping: inout Keeping
    ) {
        let record = LearningProgress.Record(lesson: lesson.name, exercise: exercise.title, outcome: outcome)
        keeping.progress.keep(record)
        guard let file = keeping.file else { return }
        if let folder = environment.stateDirectory, !makePrivateDirectory(folder) {
            warn(Messages.learnProgressNotKept(.cannotWrite(path: file.path, .system(errno))))
            return
        }
        do {
            keeping.progress = try file.keep(record)
        } catch {
            warn(Messages.learnProgressNotKept(error))
        }
    }

    private func write(_ text: String) { output.write(text, to: .out) }

    private func warn(_ message: String) {
        output.write("warning: " + DisplayText.escaped(message), to: .err)
    }

    private func fail(_ message: String, status: ExitStatus = .failure) -> REPL.Ending {
        output.write("error: " + DisplayText.escaped(message), to: .err)
        output.flush()
        return .status(status)
    }
}
