import FoundationEssentials
import TrendKit

/// One tutorial lesson as `--learn` practises it: its number and title (from its file), the
/// clock it runs at, and its exercises.
public struct Lesson: Equatable, Sendable {
    /// From the file name's leading digits: `03-storage-failure-and-retry.transcript` is 3.
    public var number: Int
    public var path: String
    /// The file name without its folder and `.transcript`: how the progress names the lesson.
    public var name: String
    /// The lesson's `# Lesson N: …` line after its colon, or its name when it has none.
    public var title: String
    /// The lesson's `# now:` time.
    public var now: Date
    public var exercises: [Exercise]
    /// The roles of a lesson that runs on a server (`# server:`), whose exercises are
    /// practised there as its second role; nil for the others.
    public var server: ServerRoles? = nil

    /// The suffix of a lesson's file.
    public static let fileSuffix = ".transcript"

    /// The lesson number a file name starts with (`03-…`), nil for a name without one.
    public static func number(ofFile name: String) -> Int? {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 4, name.dropFirst(digits.count).first == "-" else { return nil }
        return Int(digits)
    }

    /// Reads the lesson at `path` (its file name is `name`, numbered `number`).
    @MainActor
    static func read(path: String, name: String, number: Int) throws(LessonError) -> Lesson {
        let text: String
        let transcript: Transcript
        do {
            text = try TranscriptChecker.read(path)
            transcript = try Transcript(parsing: text)
        } catch {
            throw .unreadable(path: path, error)
        }
        let exercises: [Exercise]
        do {
            exercises = try Exercise.exercises(in: text, onServer: transcript.server != nil)
        } catch {
            throw .badExercises(path: path, error)
        }
        let stem = String(name.dropLast(fileSuffix.count))
        return Lesson(
            number: number, path: path, name: stem, title: title(in: transcript) ?? stem, now: transcript.now,
            exercises: exercises, server: transcript.server)
    }

    /// The first sentence after `Lesson N:` in the lesson's narration (which may go on over
    /// the next narration lines), without its full stop.
    public static func title(in transcript: Transcript) -> String? {
        var text: String?
        for line in transcript.lines {
            guard case .narration(let narration) = line else {
                if text != nil { break } else { continue }
            }
            let words = narration.drop { $0 == "#" }.drop { $0 == " " }
            if var gathered = text {
                if words.isEmpty { break }
                gathered += " " + words
                text = gathered
            } else if words.hasPrefix("Lesson "), let colon = words.firstIndex(of: ":") {
                text = String(words[words.index(after: colon)...].drop { $0 == " " })
            }
            if let gathered = text, gathered.contains(". ") || gathered.hasSuffix(".") { break }
        }
        guard var title = text else { return nil }
        if let end = title.indices.first(where: { title[$0...].hasPrefix(". ") }) { title = String(title[..<end]) }
        while title.hasSuffix(".") { title.removeLast() }
        return title.isEmpty ? nil : title
    }
}

/// Why a lesson could not be practised.
public enum LessonError: Error, Equatable, Sendable {
    case unreadable(path: String, TranscriptError)
    case badExercises(path: String, ExerciseError)
}
