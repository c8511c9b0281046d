import TrendKit

extension Messages {
    public static func reason(_ error: StorageError) -> String {
        switch error {
        case .locked:
            return "The store is locked by another program. Close that program, then try again."
        case .readOnly:
            return "The store is read-only. Check the file's permissions, then try again."
        case .diskFull:
            return "The disk is full, so nothing was written. Free some space, then try again."
        case .unreadable(let path):
            return
                "The file \(path) could not be read as a store. It was left untouched. If the disk had a passing fault, trying again may load it; otherwise move it aside or use another store."
        case .notADatabase(let path):
            return
                "The file \(path) is not a trendsh store (it is not a SQLite database at all). It was left untouched; move it aside or use another store."
        case .foreignDatabase(let path):
            return
                "The file \(path) is another program's SQLite database, not a trendsh store. It was left untouched; move it aside or use another store."
        case .foreignServerDatabase(let server):
            return
                "The database at \(server) holds another program's tables and no trendsh store. It was left untouched; name an empty database, or the one that holds the log."
        case .newerFormat(let version):
            return "The store was written by a newer trendsh (format \(version)). Update trendsh to open it."
        case .upgradeFailed(let from, let to, let backup, let reason):
            let copy = backup.map { " A copy made before the upgrade is at \($0)." } ?? ""
            return
                "The store could not be upgraded from format \(from) to \(to) (\(reason)), so it was left exactly as it was.\(copy)"
        case .ioError:
            return "The disk reported an I/O error, so nothing was confirmed. Check the disk, then try again."
        case .cannotOpen(let path):
            return
                "The store \(path) can't be opened: its folder is missing or can't be written. Create the folder or use another store."
        case .notARegularFile(let path, let kind):
            return
                "The store \(path) is \(kind.rawValue), not a regular file, so trendsh will not open it. Give --store the path of a store file, or of one to create."
        case .unsafeLogFile(let path, let problem):
            return
                "The store's log file \(path) can't be used: \(describe(problem)). Nothing was opened or written; move that file aside, then try again."
        case .unconfirmed:
            return
                "The change was written, but the disk has not confirmed it. Try again to check it; it will not be written twice."
        case .interrupted:
            return "The wait for the store was interrupted, so nothing was written."
        case .abandoned:
            return "The change was stopped before it was saved, so nothing was written."
        case .rejected(let message):
            return "The store refused the change (\(message)), so nothing was written."
        case .simulated(.open): return "The store could not be opened (simulated failure)."
        case .simulated(.save): return "The store could not save (simulated failure), so nothing was written."
        case .simulated(.refresh): return "The entries could not be loaded (simulated failure)."
        case .other(let detail):
            return "The store reported an error: \(detail)."
        case .serverUnreachable(let server, let detail):
            return
                "The server \(server) can't be reached, so nothing was read or written: \(libpqSentence(detail)) Check that it is running and that the address is right, then try again."
        case .loginRefused(let server, let detail):
            return
                "The server \(server) refused the login, so nothing was read or written: \(libpqSentence(detail)) Check the role and its password (keep it in ~/.pgpass), or the server's pg_hba.conf."
        case .tlsRefused(let server, let detail):
            return
                "The connection to \(server) was refused over TLS, so nothing was read or written: \(libpqSentence(detail)) Check sslmode in the store's address and the server's TLS set-up."
        case .connectionLost(let server):
            return
                "The connection to \(server) broke before the server replied, so nothing was written. Try again; trendsh connects again by itself."
        case .commitOutcomeUnknown(let server):
            return
                "The connection to \(server) broke after the change was sent and before the server confirmed it. Try again: trendsh checks by the change's id whether it was saved, and never writes it twice."
        case .timedOut(let server):
            return
                "The server \(server) did not answer within the statement timeout, so nothing was written. Try again when the server is less busy."
        case .serverReadOnly(let server):
            return
                "The server \(server) accepts only reads, so nothing was written. Ask its administrator to let the store's database take writes, then try again."
        case .serverDiskFull(let server):
            return
                "The server \(server) has no room left on its disk, so nothing was written. Free space on the server (or ask whoever runs it to), then try again."
        case .writeConflict:
            return
                "Another session's changes conflicted with this one each time it was tried, so nothing was written. Try again."
        case .unknownPerson(let name, let known):
            let holds = known.isEmpty ? "holds nobody yet" : "holds \(listAll(known.map(DisplayText.escaped)))"
            return
                "The store has no person named \(DisplayText.escaped(name)), so nothing was read or written; it \(holds). `person add \(DisplayText.escaped(name))` adds them."
        case .personIsALoginRole(let role):
            return
                "On a server a person is the role the session logs in as, here \(DisplayText.escaped(role)); nothing was changed. Whoever runs the server adds a person with CREATE ROLE; a person lets you read their log with `share with \(DisplayText.escaped(role))`."
        case .notYourLog(let person):
            let name = DisplayText.escaped(person)
            return
                "The server refused the change: this session reads \(name)'s log, which only \(name) may write, so nothing was written. `person` with your own name goes back to your log."
        case .sharingNeedsAServer:
            return
                "A SQLite store has nothing to share: everyone who can read its file reads every log in it, so nothing was changed. Sharing is a server's, where each person logs in as their own role."
        case .logNotShared(let name, let readable):
            let shown = DisplayText.escaped(name)
            return
                "This session may read no log of \(shown)'s, so nothing was read or written; it may read \(listAll(readable.map(DisplayText.escaped))). \(shown) lets you read theirs with `share with` and your role's name."
        case .unknownRole(let name):
            return "The server has no role named \(DisplayText.escaped(name)), so nothing was shared."
        case .administratorRole(let role, let power):
            return administratorRole(DisplayText.escaped(role), power)
        case .serverStoreNotSetUp(let server):
            return
                "The database at \(server) holds no trendsh store yet, and a person's session never sets one up, so nothing was read or written. Its administrator sets it up once with `trendsh --set-up`, --store naming this database and a role that may create roles (docs/shared-log.md)."
        case .serverStoreOlder(let server, let format, let latest):
            return
                "The store at \(server) has format \(format), older than this trendsh's \(latest), and a person's session never upgrades it, so nothing was read or written. Its administrator upgrades it with `trendsh --set-up`, --store naming this database and the role that owns the store (docs/shared-log.md)."
        case .cannotAdminister(let role, let lacking):
            return cannotAdminister(DisplayText.escaped(role), lacking)
        }
    }

    private static func administratorRole(_ role: String, _ power: AdministratorPower) -> String {
        let what: String
        var undo = ""
        switch power {
        case .superuser: what = "a superuser"
        case .bypassesRowSecurity: what = "a role with BYPASSRLS"
        case .ownerMember:
            what = "a member of \(ServerRules.owner), which owns the store's tables"
            undo =
                " If an older trendsh's set-up made it one, the administrator takes that back with REVOKE \(ServerRules.owner) FROM \(role)."
        }
        return
            "trendsh will not open a person's log as \(role): it is \(what), and the server's rules do not hold for it, so the session could read and change every person's log. Nothing was read or written. Log in as your own role; \(role) is for `trendsh --set-up`, which sets the store up and upgrades it.\(undo)"
    }

    private static func cannotAdminister(_ role: String, _ lacking: AdministratorNeed) -> String {
        switch lacking {
        case .createOwnerRole(let owner):
            return
                "The role \(role) cannot set up the store: \(owner), the role that is to own its tables, does not exist yet, and \(role) may not create roles. Nothing was changed. Run --set-up as a superuser or as a role with CREATEROLE."
        case .ownerMembership(let owner):
            return
                "The role \(role) cannot set up or upgrade the store: its tables belong to \(DisplayText.escaped(owner)), and \(role) is not a member of that role and may not make itself one. Nothing was changed. Run --set-up as a superuser, or as a member of \(DisplayText.escaped(owner))."
        case .createInSchema(let schema):
            return
                "The role \(role) cannot set up the store: it may not create tables in the schema \(DisplayText.escaped(schema)), or may not let \(ServerRules.owner) create them there. Nothing was changed. Run --set-up as the database's owner or a superuser."
        }
    }

    /// What `trendsh --set-up` did, for the administrator.
    public static func serverSetUp(_ outcome: ServerSetUpOutcome, server: String) -> String {
        switch outcome.change {
        case .created:
            return
                "Set up the trendsh store at \(server), format \(outcome.format). Its tables belong to \(outcome.owner), which cannot log in; each person logs in as their own role and reads only their own log and the logs shared with them."
        case .upgraded(let from):
            var lines = [
                "Upgraded the trendsh store at \(server) from format \(from) to \(outcome.format), in one transaction:"
            ]
            lines += outcome.steps.map { "  \($0)" }
            if let person = outcome.firstPerson {
                lines.append("The entries, habits and history it held are \(DisplayText.escaped(person))'s log.")
            }
            return lines.joined(separator: "\n")
        case .upToDate:
            return
                "The trendsh store at \(server) is at format \(outcome.format), this trendsh's, so nothing was changed."
        }
    }

    /// What opening the store found, said once.
    public static func notice(_ notice: StoreNotice) -> String {
        switch notice {
        case .upgraded(let from, let to, let backup):
            let copy = backup.map { "; the store as it was is kept at \($0)" } ?? ""
            return "The store was upgraded from format \(from) to format \(to)\(copy)."
        case .readableByOthers(let path, let mode):
            return
                "The store \(path) can be read by other users (mode 0\(String(mode, radix: 8))). Type \"chmod 600 \(path)\" in a shell to keep it private."
        case .folderWritableByOthers(let folder):
            return
                "The store's folder \(folder) can be written by other users, who could replace its files. Keep the store in a folder of your own."
        }
    }
}
