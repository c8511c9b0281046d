import CEditLine
import CEditShim
import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// Reads lines from a terminal through libedit: emacs bindings, `~/.editrc` lines for
/// `trendsh`, history with Up-arrow, Tab completion, and Ctrl-C that clears the line.
@MainActor
public final class EditLineReader: LineReader {
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let completer: Completer
    private var isClosed = false

    /// Sets up libedit on the process's terminal; nil when it cannot.
    public init?(previousLines: [String], completer: Completer) {
        Self.useUTF8Locale()
        guard let editLine = trendsh_el_open("trendsh") else { return nil }
        guard let history = trendsh_history_open(Int32(HistoryFile.limit)) else {
            trendsh_el_close(editLine)
            return nil
        }
        self.editLine = editLine
        self.history = history
        self.completer = completer
        for line in previousLines { trendsh_history_enter(history, line) }
        trendsh_history_attach(editLine, history)
        trendsh_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        trendsh_el_bind_completion(editLine, completeCallback)
        trendsh_el_source_editrc(editLine)
    }

    /// Takes the character set from the environment, as every terminal program should; when
    /// that leaves plain ASCII (no LANG, as under many containers and `ssh` sessions), falls
    /// back to C.UTF-8, because trendsh reads and writes UTF-8 either way.
    private static func useUTF8Locale() {
        let chosen = setlocale(LC_CTYPE, "").map { String(cString: $0) }
        if chosen == nil || chosen == "C" || chosen == "POSIX" { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    /// Restores the terminal. Safe to call more than once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        trendsh_el_close(editLine)
        trendsh_history_close(history)
    }

    public func readLine(prompt: String) -> LineInput {
        trendsh_clear_interrupt()
        if trendsh_terminate_signal() != 0 { return .terminated(signal: trendsh_terminate_signal()) }
        trendsh_el_set_prompt(editLine, prompt)
        var count: Int32 = 0
        guard let bytes = trendsh_el_gets(editLine, &count) else {
            let signal = trendsh_terminate_signal()
            if signal != 0 {
                Self.writeToTerminal("\n")
                return .terminated(signal: signal)
            }
            if trendsh_interrupt_pending() != 0 {
                trendsh_clear_interrupt()
                Self.writeToTerminal("^C\n")
                return .interrupted
            }
            Self.writeToTerminal("\n")
            return .end
        }
        var raw = UnsafeBufferPointer(
            start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: strlen(bytes))
        if raw.last == 0x0A { raw = UnsafeBufferPointer(rebasing: raw.dropLast()) }
        if raw.count > maximumLineBytes { return .tooLong(byteCount: raw.count) }
        guard let line = UTF8Text.decode(raw) else { return .notUTF8(shown: UTF8Text.showing(raw)) }
        if !line.allSatisfy(\.isWhitespace) { trendsh_history_enter(history, line) }
        return .line(line)
    }

    /// Completes the word before the cursor; lists the choices when there are several.
    fileprivate func complete() -> UInt8 {
        guard let info = el_line(editLine)?.pointee, let start = info.buffer, let cursor = info.cursor else {
            return UInt8(CC_ERROR)
        }
        let length = cursor - start
        let before = String(
            decoding: UnsafeRawBufferPointer(start: start, count: length).bindMemory(to: UInt8.self), as: UTF8.self)
        let completion = completer.complete(before)
        switch completion.candidates.count {
        case 0:
            return UInt8(CC_REFRESH_BEEP)
        case 1:
            // The whole word is replaced: a name with spaces gains its quotes.
            el_deletestr(editLine, Int32(completion.word.count))
            el_insertstr(editLine, completion.candidates[0] + " ")
            return UInt8(CC_REFRESH)
        default:
            let shared = completion.commonExtension
            if !shared.isEmpty {
                el_insertstr(editLine, shared)
                return UInt8(CC_REFRESH)
            }
            Self.writeToTerminal("\n" + completion.candidates.joined(separator: "  ") + "\n")
            return UInt8(CC_REDISPLAY)
        }
    }

    static func writeToTerminal(_ text: String) {
        StandardOutput.writeAll(Array(text.utf8), to: STDOUT_FILENO)
    }
}

/// libedit's Tab callback: finds the reader through the client data and asks it.
private func completeCallback(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
    guard let editLine, let data = trendsh_el_clientdata(editLine) else { return UInt8(CC_ERROR) }
    let reader = Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    return MainActor.assumeIsolated { reader.complete() }
}
