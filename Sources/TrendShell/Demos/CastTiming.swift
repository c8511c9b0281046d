/// Where a cast's event times come from.
public enum CastTiming {
    /// The schedule: time moves only by the typing and the pauses it fixes (transcripts,
    /// piped runs and `-c`, whose input no person typed).
    case schedule(CastSchedule)
    /// The milliseconds since the recording started, as a clock reports them (an
    /// interactive session, typed by a person at their own pace).
    case clock(@MainActor () -> Int)

    /// The monotonic clock, counted from now.
    public static func wallClock() -> CastTiming {
        let start = ContinuousClock.now
        return .clock {
            let elapsed = (ContinuousClock.now - start).components
            return Int(elapsed.seconds) * 1000 + Int(elapsed.attoseconds / 1_000_000_000_000_000)
        }
    }
}
