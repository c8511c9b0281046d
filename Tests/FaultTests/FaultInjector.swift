import TrendshTestSupport

/// Brings one matrix cell's fault about and takes it away again, with real means where there
/// are any: another program's lock, a file of random bytes, a folder moved away, the shim.
final class FaultInjector {
    let cell: MatrixCase
    let fixture: StoreFixture
    let shim: FaultShim?
    private var otherProgram: OtherProgram?
    /// Where the real store waits while random bytes stand in its place.
    private let keptStore: String

    init(cell: MatrixCase, fixture: StoreFixture) throws {
        self.cell = cell
        self.fixture = fixture
        shim = cell.fault.usesFaultShim ? try FaultShim.build(in: fixture.directory) : nil
        keptStore = fixture.directory.file("kept")
    }

    /// The variables every session of the cell runs with.
    var environment: [String: String] { shim?.environment ?? [:] }

    /// The commands typed while the fault is in force.
    var faultyLines: [String] {
        let value = "value \(cell.fault.typedWeight)"
        switch cell.site {
        case .firstSave: return [value, "save"]
        case .retry: return [value, "save", "save"]
        // A fault that strikes before the session finds the edit restored from the draft file.
        case .edit: return cell.strikesBeforeTheSession ? ["save"] : [value, "save"]
        case .delete: return ["delete 1"]
        case .refresh: return ["refresh"]
        case .amend: return ["amend 1 value \(cell.fault.typedWeight)"]
        case .amendRetry: return ["amend 1 value \(cell.fault.typedWeight)", "retry"]
        case .undo: return ["undo"]
        case .undoRetry: return ["undo", "retry"]
        case .redo: return ["redo"]
        case .redoRetry: return ["redo", "retry"]
        }
    }

    /// The commands that retry the work once the fault is gone.
    var retryLines: [String] {
        switch cell.site {
        case .firstSave, .retry, .edit: return ["save"]
        case .delete: return ["delete 1"]
        case .refresh: return ["refresh"]
        case .amend, .amendRetry, .undo, .undoRetry, .redo, .redoRetry: return ["retry"]
        }
    }

    /// Starts the fault; `shell` is the running session, nil before it starts.
    func arm(_ shell: LiveShell?) throws {
        switch cell.fault {
        case .validation:
            break
        case .simulated:
            let line: String
            switch cell.site {
            case .refresh: line = "simulate refresh-failure"
            default: line = cell.site.failures == 2 ? "simulate save-failure always" : "simulate save-failure once"
            }
            try shell?.run([line])
        case .locked:
            let other = try OtherProgram(path: fixture.storePath)
            // A write lock leaves readers alone in WAL mode; only an exclusive lock held in
            // exclusive locking mode shuts a refresh out.
            try other.execute(
                cell.site == .refresh ? "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE" : "BEGIN IMMEDIATE")
            otherProgram = other
        case .damaged:
            try Disk.makeFolder(keptStore)
            for file in fixture.storeFiles where Disk.exists(file) {
                try Disk.rename(file, to: keptStore + "/" + name(of: file))
            }
            try Disk.write(Fixtures.randomBytes, to: fixture.storePath)
        case .missingFolder:
            try Disk.rename(fixture.folder, to: fixture.folder + "-away")
        case .diskFull:
            try shim?.arm(.diskFull(after: 0))
        case .ioError:
            if cell.site == .refresh {
                // The session trusts its page cache until another program changes the store;
                // this change makes the refresh read from the disk.
                let other = try OtherProgram(path: fixture.storePath)
                try other.execute(
                    "BEGIN IMMEDIATE; UPDATE entries SET note = 'touched' WHERE id = 1; UPDATE entries SET note = '' WHERE id = 1; COMMIT;"
                )
                other.close()
                try shim?.arm(.readError)
            } else {
                try shim?.arm(.syncError)
            }
        }
    }

    /// Ends the fault. For a damaged store, returns whether the random bytes were left as they were.
    @discardableResult
    func disarm() throws -> Bool {
        switch cell.fault {
        case .locked:
            try otherProgram?.execute("ROLLBACK")
            otherProgram?.close()
            otherProgram = nil
        case .damaged:
            let untouched = Disk.read(fixture.storePath) == Fixtures.randomBytes
            try Disk.rename(fixture.storePath, to: fixture.storePath + ".damaged")
            for file in fixture.storeFiles {
                let kept = keptStore + "/" + name(of: file)
                if Disk.exists(kept) { try Disk.rename(kept, to: file) } else { try Disk.remove(file) }
            }
            return untouched
        case .missingFolder:
            try Disk.rename(fixture.folder + "-away", to: fixture.folder)
        case .diskFull, .ioError:
            try shim?.disarm()
        case .validation, .simulated:
            break
        }
        return true
    }

    private func name(of path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }
}
