/// Passes lines on, and while `prefix` is set puts it before each line on standard error, as
/// compilers name a file and line: `…/trendshrc:2: error: Unknown command "unti". …`.
@MainActor
public final class PrefixedOutput: OutputSink {
    private let output: any OutputSink
    /// Put before each line on standard error; nil for none.
    public var prefix: String?

    public init(_ output: any OutputSink) { self.output = output }

    public func write(_ line: String, to stream: OutputStream) {
        output.write(stream == .err ? (prefix ?? "") + line : line, to: stream)
    }

    public func flush() { output.flush() }

    public var failure: Int32? { output.failure }

    public func writeExact(_ bytes: UnsafeBufferPointer<UInt8>) { output.writeExact(bytes) }

    public var showsText: Bool { output.showsText }
}
