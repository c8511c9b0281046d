/// The output of a played or recorded run: every line goes on to the real output and, when
/// recording, into the cast. While a hidden transcript line runs, nothing goes anywhere, but
/// what it writes to standard error is kept, so a failure can be reported in its place.
@MainActor
public final class DemoOutput: OutputSink {
    /// Where lines are shown.
    public let shown: any OutputSink
    let recorder: CastRecorder?
    /// True while a hidden command runs. Muting starts a new `mutedErrors`.
    public var muted = false {
        didSet { if muted && !oldValue { mutedErrors = [] } }
    }
    /// The lines written to standard error since the output was last muted.
    public private(set) var mutedErrors: [String] = []

    public init(shown: any OutputSink, recorder: CastRecorder?) {
        self.shown = shown
        self.recorder = recorder
    }

    public func write(_ line: String, to stream: OutputStream) {
        guard !muted else {
            if stream == .err { mutedErrors.append(line) }
            return
        }
        shown.write(line, to: stream)
        recorder?.line(line)
    }

    public func flush() { shown.flush() }

    public var failure: Int32? { shown.failure }

    public func writeExact(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !muted else { return }
        shown.writeExact(bytes)
    }

    /// While recording, an export arrives as lines, so the cast holds it as it holds all text.
    public var showsText: Bool { recorder != nil || shown.showsText }
}
