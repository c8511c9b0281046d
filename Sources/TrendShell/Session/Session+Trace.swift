import TrendKit

/// The trace (`--trace`, `trace on`): each event the layers record is told on standard
/// error as it happens, dimmed at a terminal, plain in a pipe, and as one JSON object a line
/// (schema `trendsh-trace`, docs/json.md) in the JSON mode.
extension Session {
    /// True while the layers' steps are told.
    public var traces: Bool {
        get { store.trace.isOn }
        set {
            guard newValue != traces else { return }
            if newValue {
                store.trace.start { [weak self] event in self?.tell(event) }
            } else {
                store.trace.stop()
            }
        }
    }

    /// Writes one event, as a line or as an object.
    private func tell(_ event: TraceEvent) {
        let text = DisplayText.escaped(Messages.traceText(event, units: units))
        guard (answer?.format ?? format) != .json else {
            var fields = JSONFields()
            fields.add("schema", .string(TraceSchema.name))
            fields.add("version", .integer(TraceSchema.version))
            fields.add("layer", .string(Messages.traceLayer(event)))
            fields.add("event", .string(TraceSchema.name(of: event)))
            fields.add("text", .string(text))
            if let input = answer?.input { fields.add("input", .string(input)) }
            output.write(JSONWriter.line(fields.value), to: .err)
            return
        }
        let line = "trace: \(DisplayText.escaped(Messages.traceLayer(event))): \(text)"
        output.write(style.paint(line, .dim), to: .err)
    }
}

/// The trace's JSON form: its schema's name and version, and each event's stable name.
public enum TraceSchema {
    public static let name = "trendsh-trace"
    public static let version: Int64 = 1

    /// The event's name in the JSON form (`commit`, `publish`), which never changes with
    /// the wording of its line.
    public static func name(of event: TraceEvent) -> String {
        switch event {
        case .editorOpened: return "draft-opened"
        case .editorKept: return "draft-kept"
        case .editorError: return "draft-error"
        case .editorClosed: return "draft-closed"
        case .editorRebased: return "draft-rebased"
        case .validated: return "validated"
        case .writeBegan: return "begin"
        case .writeRefused: return "write-refused"
        case .statementsRan: return "statements"
        case .committed: return "commit"
        case .rolledBack: return "rollback"
        case .commitUnconfirmed: return "commit-unconfirmed"
        case .read: return "read"
        case .readFailed: return "read-failed"
        case .otherSessionCommitted: return "other-session-committed"
        case .published: return "publish"
        case .retainedError(_, let error): return error == nil ? "retained-error-cleared" : "retained-error-set"
        case .pendingQueued: return "pending-queued"
        case .fileWritten: return "file-written"
        case .fileWriteFailed: return "file-write-failed"
        case .keptInMemory: return "kept-in-memory"
        }
    }
}
