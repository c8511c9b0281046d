import FoundationEssentials

/// What a learner has done with the lessons' exercises (`trendsh --learn`): each exercise
/// learned or skipped, named by its lesson's file and its title, so a learner can come back
/// and so a lesson rewritten with a new exercise starts that one afresh. A value: the file
/// that keeps it is `LearningProgressFile`.
public struct LearningProgress: Equatable, Sendable, Codable {
    /// What became of one exercise.
    public enum Outcome: String, Equatable, Sendable, Codable {
        /// Its goal was met.
        case learned
        /// The learner moved on with `skip`.
        case skipped
    }

    /// One exercise's outcome.
    public struct Record: Equatable, Sendable, Codable {
        /// The lesson's file name, without its folder and `.transcript`.
        public var lesson: String
        /// The exercise's title.
        public var exercise: String
        public var outcome: Outcome

        public init(lesson: String, exercise: String, outcome: Outcome) {
            self.lesson = lesson
            self.exercise = exercise
            self.outcome = outcome
        }
    }

    /// The format's name and version, so another program (or a later trendsh) knows the file.
    public var format = Self.formatName
    public var version = Self.formatVersion
    public var records: [Record] = []

    public static let formatName = "trendsh-learn-progress"
    public static let formatVersion = 1

    public init(records: [Record] = []) { self.records = records }

    /// The outcome kept for an exercise, if any.
    public func outcome(lesson: String, exercise: String) -> Outcome? {
        records.first { $0.lesson == lesson && $0.exercise == exercise }?.outcome
    }

    /// Keeps `record`: a learned exercise stays learned when it is later skipped.
    public mutating func keep(_ record: Record) {
        guard let index = records.firstIndex(where: { $0.lesson == record.lesson && $0.exercise == record.exercise })
        else {
            records.append(record)
            return
        }
        if records[index].outcome == .skipped { records[index].outcome = record.outcome }
    }
}
