@testable import TrendKit
@testable import TrendShell

/// The local copy's decoder, `SettingsCopy(parsing:)`, through `FileSettingsStore`. Whatever
/// the file holds: the copy read from it, written and read again, is the same copy and the
/// same text (each person's lines, their marks and lines this version does not know
/// included); every person's goal is between 20 and 500 kg; and the lines `settings` prints
/// for each person and the sentence for a file it cannot read hold no control character once
/// escaped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let store = FileSettingsStore(path: Fuzz.file("settings", holding: bytes))
    let copy: SettingsCopy
    do {
        copy = try store.loadCopy()
    } catch {
        let shown = DisplayText.escaped(Messages.reason(error))
        Fuzz.check(!Fuzz.hasControl(shown), "the message for an unreadable file holds a control character")
        return 0
    }
    for person in [nil] + copy.people.keys.map(Optional.some) {
        let settings = copy.settings(for: person)
        if let goal = settings.goalKilograms {
            Fuzz.check(goal.isFinite && goal >= 20 && goal <= 500, "the goal reads as \(goal) kg")
        }
        for line in Messages.settingsLines(settings) {
            Fuzz.check(
                !Fuzz.hasControl(DisplayText.escaped(line)), "\(line.debugDescription) holds a control character")
        }
        for key in copy.waitingKeys(of: person) {
            Fuzz.check(SettingKey.named(key)?.isPerPerson == true, "\(key) waits for the store, but is no person's")
        }
    }
    do {
        // Written as a change writes it: merged, under the lock, into a file of its own.
        let written = FileSettingsStore(path: Fuzz.file("settings-copy", holding: []))
        _ = try written.update { $0 = copy }
        let again = try written.loadCopy()
        Fuzz.check(again == copy, "\(copy) was written and read back as \(again)")
        Fuzz.check(again.fileText == copy.fileText, "\(copy) is written two ways")
    } catch {
        Fuzz.check(false, "\(copy) was written and could not be read back: \(error)")
    }
    return 0
}
