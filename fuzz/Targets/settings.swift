@testable import TrendKit
@testable import TrendShell

/// The settings file's decoder, `Settings(parsing:)`, through `FileSettingsStore`. Whatever
/// the file holds: settings read from it, written and read again, are the same settings and
/// the same text (lines this version does not know included); a goal is between 20 and
/// 500 kg; and the lines `settings` prints and the sentence for a file it cannot read hold
/// no control character once escaped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let store = FileSettingsStore(path: Fuzz.file("settings", holding: bytes))
    let settings: Settings
    do {
        settings = try store.load()
    } catch {
        let shown = DisplayText.escaped(Messages.reason(error))
        Fuzz.check(!Fuzz.hasControl(shown), "the message for an unreadable file holds a control character")
        return 0
    }
    if let goal = settings.goalKilograms {
        Fuzz.check(goal.isFinite && goal >= 20 && goal <= 500, "the goal reads as \(goal) kg")
    }
    for line in Messages.settingsLines(settings) {
        Fuzz.check(!Fuzz.hasControl(DisplayText.escaped(line)), "\(line.debugDescription) holds a control character")
    }
    do {
        // Written as a change writes it: merged, under the lock, into a file of its own.
        let copy = FileSettingsStore(path: Fuzz.file("settings-copy", holding: []))
        _ = try copy.update { $0 = settings }
        let again = try copy.load()
        Fuzz.check(again == settings, "\(settings) was written and read back as \(again)")
        Fuzz.check(again.fileText == settings.fileText, "\(settings) is written two ways")
    } catch {
        Fuzz.check(false, "\(settings) was written and could not be read back: \(error)")
    }
    return 0
}
