extension Options {
    /// Refuses options that ask for different runs at once, and pacing with nothing to pace.
    /// - Parameter runs: the options that choose a run (`Declaration.startsRun`), in the
    ///   order given.
    func checkCombinations(runs: [String], checking: Bool) throws(UsageError) {
        if runs.count > 1 { throw .conflicting(runs[0], runs[1]) }
        if checking && castPath != nil { throw .conflicting("--cast", "--check") }
        if skipStartupFile && startupFile != nil { throw .conflicting("-X", "--init") }
        if learning {
            // The practice store is the lesson's own, read as text, and no start-up file runs. A
            // server is where the lessons that run on one (`# server:`) are practised.
            if storePath != nil { throw .notWithLearn("--store") }
            if person != nil { throw .notWithLearn("--person") }
            if castPath != nil { throw .notWithLearn("--cast") }
            if startupFile != nil { throw .notWithLearn("--init") }
            if let format, format != .text { throw .notWithLearn("--format") }
        }
        if let format, format != .text {
            if echo { throw .echoWithFormat(format) }
            if checking { throw .conflicting("--format", "--check") }
            if playFile != nil { throw .conflicting("--format", "--play") }
            if weighedToday { throw .conflicting("--format", "--weighed-today") }
            if settingUp { throw .conflicting("--format", "--set-up") }
        }
        if playFile == nil && castPath == nil {
            if typingDelay != nil { throw .needsPlayOrCast("--speed") }
            if autoAdvance != nil { throw .needsPlayOrCast("--auto") }
        }
    }

    /// A plain decimal number (`20`, `1.5`): digits with at most one `.`, nothing else.
    static func number(_ text: String) -> Double? {
        guard !text.isEmpty, text.filter({ $0 == "." }).count <= 1, text.first != ".", text.last != ".",
            text.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." })
        else { return nil }
        return Double(text)
    }
}
