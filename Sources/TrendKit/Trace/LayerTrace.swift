/// Where the layers record what they do, as they do it, for `--trace`. Every layer of a
/// session is given the same one: the store, the features, the editors, the draft slot and
/// the pending changes. Off (no sink) it records nothing and builds no event: each
/// `record` is one check of an optional.
@MainActor
public final class LayerTrace {
    /// Receives each event as it happens.
    public typealias Sink = @MainActor (TraceEvent) -> Void

    private var sink: Sink?
    /// True while the sink runs: an event the sink's own work causes (writing a line can
    /// make the draft file be written) waits until the sink returns, so events keep their order.
    private var delivering = false
    private var waiting: [TraceEvent] = []

    public init() {}

    /// True while a sink receives events.
    public var isOn: Bool { sink != nil }

    /// Sends every event from now on to `sink`.
    public func start(_ sink: @escaping Sink) { self.sink = sink }

    /// Records nothing from now on.
    public func stop() { sink = nil }

    /// Records `event`, which is built only when the trace is on.
    public func record(_ event: @autoclosure () -> TraceEvent) {
        guard let sink else { return }
        waiting.append(event())
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        while !waiting.isEmpty {
            let next = waiting.removeFirst()
            sink(next)
        }
    }
}
