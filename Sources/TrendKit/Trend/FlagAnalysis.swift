/// The Hacker's Diet flag analysis: how the trend moved on days a habit was done, against
/// days it was not. Each step between two weigh-in days gives a daily change of the trend,
/// counted for the later day; the weekly rate is the mean of those changes times 7.
public struct FlagAnalysis: Sendable, Equatable {
    public var doneRate: Figure<Double>
    public var notDoneRate: Figure<Double>

    /// Days of each kind needed for a rate.
    public static let daysNeeded = 3

    public static func make(_ points: [TrendPoint], doneDays: [Int], from firstDay: Int, to today: Int) -> FlagAnalysis
    {
        let done = Set(doneDays)
        var doneChanges: [Double] = []
        var notDoneChanges: [Double] = []
        for (previous, point) in zip(points, points.dropFirst()) where point.day >= firstDay && point.day <= today {
            let change = (point.trendKilograms - previous.trendKilograms) / Double(point.day - previous.day)
            if done.contains(point.day) { doneChanges.append(change) } else { notDoneChanges.append(change) }
        }
        let window = today - firstDay + 1
        func rate(_ changes: [Double]) -> Figure<Double> {
            guard changes.count >= daysNeeded else {
                return .tooFew(have: changes.count, need: daysNeeded, window: window)
            }
            return .value(changes.reduce(0, +) / Double(changes.count) * 7)
        }
        return FlagAnalysis(doneRate: rate(doneChanges), notDoneRate: rate(notDoneChanges))
    }
}
