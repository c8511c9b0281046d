@testable import TrendKit
@testable import TrendShell

/// The history file's decoder, `HistoryFile`. Whatever the file holds: every line loaded,
/// encoded again, is one line with no control character, and decodes to itself; every line
/// typed is kept in the file and read back as typed; and a loaded line shown escaped holds
/// no control character.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHistory(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    // The first line of the input is typed; the rest is the file as found.
    let cut = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
    let typed = Fuzz.text(bytes[..<cut])
    let path = Fuzz.file("history", holding: Array(bytes[cut...].dropFirst()))
    MainActor.assumeIsolated {
        let history = HistoryFile(path: path)
        for entry in history.entries {
            let encoded = HistoryFile.encode(entry)
            Fuzz.check(
                !encoded.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                "\(entry.debugDescription) is kept as \(encoded.debugDescription)")
            Fuzz.check(
                HistoryFile.decode(Array(encoded.utf8)) == entry, "\(entry.debugDescription) does not decode to itself")
            Fuzz.check(!Fuzz.hasControl(DisplayText.escaped(entry)), "\(entry.debugDescription) is shown unescaped")
        }
        let kept = !typed.allSatisfy(\.isWhitespace) && typed != history.entries.last
        Fuzz.check(history.add(typed) == nil, "\(typed.debugDescription) could not be added")
        let again = HistoryFile(path: path)
        if kept {
            Fuzz.check(
                again.entries.last == typed,
                "\(typed.debugDescription) was read back as \(again.entries.last.debugDescription)")
        }
    }
    return 0
}
