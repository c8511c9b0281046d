#if canImport(Glibc)
    import Glibc
#endif

extension TrendError {
    /// The one place an error becomes a sentence for a person: what happened, what to do.
    public var message: String {
        switch self {
        case .validation(let error): return error.message
        case .storage(let error): return error.message
        case .noSuchEntry(let id): return "There is no entry #\(id). List the entries to see their numbers."
        case .settings(let error): return error.message
        case .draftFile(let error): return error.message
        }
    }
}

extension WeightValidationError {
    public var message: String {
        switch self {
        case .invalidWeight(.kilograms): return "Enter a weight between 20 and 500 kg."
        case .invalidWeight(.pounds): return "Enter a weight between 44.1 and 1102.3 lb."
        case .dateInFuture: return "An entry can't be dated in the future."
        case .noteTooLong(let length):
            return
                "A note can have at most \(WeightEntryDraft.maximumNoteLength) characters; this one has \(length). Shorten it and try again."
        case .unreadableDate(let text):
            return "\"\(text)\" is not a date. Use \(EntryDateParser.acceptedForms)."
        }
    }
}

extension StorageError {
    public var message: String {
        switch self {
        case .locked:
            return "The store is locked by another program. Close that program, then try again."
        case .readOnly:
            return "The store is read-only. Check the file's permissions, then try again."
        case .diskFull:
            return "The disk is full, so nothing was written. Free some space, then try again."
        case .damaged(let path, let code) where code & 0xff == 11:
            // SQLite reports a failed read as corruption too: the file may well be fine.
            return
                "The file \(path) is damaged or is not a trendsh store. It was left untouched. If the disk had a passing fault, trying again may load it; otherwise move it aside or use another store."
        case .damaged(let path, _):
            return
                "The file \(path) is damaged or is not a trendsh store. It was left untouched; move it aside or use another store."
        case .newerFormat(let version):
            return "The store was written by a newer trendsh (format \(version)). Update trendsh to open it."
        case .ioError(let code):
            return
                "The disk reported an I/O error (SQLite code \(code)), so nothing was confirmed. Check the disk, then try again."
        case .cannotOpen(let path, _):
            return
                "The store \(path) can't be opened: its folder is missing or can't be written. Create the folder or use another store."
        case .unconfirmed(let code):
            return
                "The change was written, but the disk has not confirmed it (SQLite code \(code)). Try again to check it; it will not be written twice."
        case .interrupted:
            return "The wait for the store was interrupted, so nothing was written."
        case .simulated(.open): return "The store could not be opened (simulated failure)."
        case .simulated(.save): return "The store could not save (simulated failure), so nothing was written."
        case .simulated(.refresh): return "The entries could not be loaded (simulated failure)."
        case .other(let code, let detail):
            return "The store reported an error: \(detail) (SQLite code \(code))."
        }
    }
}

extension SettingsError {
    public var message: String {
        switch self {
        case .cannotWrite(let path, let number):
            return "The settings could not be written to \(path): \(systemMessage(number)). The setting is unchanged."
        case .unreadable(let path, let detail):
            return "The settings in \(path) could not be read (\(detail)); defaults are in use."
        case .simulated:
            return "The settings could not be written (simulated failure). The setting is unchanged."
        }
    }
}

extension DraftFileError {
    public var message: String {
        switch self {
        case .cannotWrite(let path, let number):
            return
                "The draft could not be kept on disk at \(path): \(systemMessage(number)). It is kept in memory only; save it soon."
        case .cannotRemove(let path, let number):
            return "The old draft file \(path) could not be removed: \(systemMessage(number))."
        case .unreadable(let path):
            return "The draft file \(path) could not be read; it was left in place. Move it aside to silence this."
        }
    }
}

/// The C library's sentence for an errno value, in lower case: "no such file or directory".
func systemMessage(_ number: Int32) -> String {
    guard let text = strerror(number) else { return "error \(number)" }
    let message = String(cString: text)
    return message.prefix(1).lowercased() + message.dropFirst()
}
