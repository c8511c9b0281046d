import FoundationEssentials
import Testing
import TrendKit
import TrendshTestSupport

/// Each person's settings in the store (format 20), with the local copy a session reads
/// (issue "People in one log"): a change goes into the copy, then into the store, where
/// another machine's copy finds it; a change the store cannot take waits in the copy, marked,
/// until a write reaches the store; a later change in the store wins over an older one
/// waiting here; an older trendsh's file is the store's first person's.
@MainActor
@Suite struct SettingsInStoreTests {
    static let alice = PersonName("alice")!
    static let bob = PersonName("bob")!

    /// One session on one machine: its own connection to the shared store, and its own copy.
    @MainActor
    struct Machine {
        let store: Store
        let copyPath: String
        let settings: SettingsFeature

        /// A session of `person`'s whose clock reads `time`, started as a session starts:
        /// the store is read, and the person's settings taken from it.
        init(
            store path: String, copy copyPath: String, person: PersonName = alice, at time: Date = Fixtures.now
        ) {
            let store = Store(
                location: .file(path: path), schema: .trendsh, person: PersonRequest(name: person, source: .named))
            self.store = store
            self.copyPath = copyPath
            settings = SettingsFeature(
                store: FileSettingsStore(path: copyPath),
                log: SettingsLog(
                    repository: SQLSettingsRepository(store: store), clock: .fixed(time),
                    person: { store.personName }))
            settings.refresh()
        }

        var copyText: String { String(decoding: fileBytes(copyPath) ?? [], as: UTF8.self) }
    }

    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.file("trend.sqlite")
        // The store's first person is alice; bob joins later.
        let store = Store(
            location: .file(path: path), schema: .trendsh, person: PersonRequest(name: Self.alice, source: .named))
        try store.addPerson(Self.bob)
        store.close()
    }

    func machine(_ name: String, person: PersonName = alice, at time: Date = Fixtures.now) -> Machine {
        Machine(store: path, copy: directory.file("\(name).settings"), person: person, at: time)
    }

    /// The store's settings rows, `person key value`, in order.
    func rows() throws -> [String] {
        try OtherProgramConnection(path: path).rows("SELECT person, key, value FROM settings ORDER BY person, key")
            .map { $0.map { $0 ?? "NULL" }.joined(separator: " ") }
    }

    @Test func aPersonsSettingGoesIntoTheStoreAndAnotherMachinesCopyReadsItFromThere() throws {
        defer { directory.remove() }
        let laptop = machine("laptop")

        #expect(try laptop.settings.set(.goal, to: "70") == .inStore)
        #expect(try laptop.settings.set(.chartStyle, to: "ascii") == .local)

        #expect(laptop.settings.waitingForStore == [])
        #expect(try rows() == ["alice goal 70.0 kg"], "the chart style is this machine's alone")
        #expect(laptop.copyText.contains("\nalice: goal = 70.0 kg\n"), "\(laptop.copyText)")
        #expect(!laptop.copyText.contains("alice: goal waits"))

        let phone = machine("phone")
        #expect(phone.settings.goalKilograms == 70)
        #expect(phone.settings.chartStyle == .auto)
        #expect(phone.settings.takeNotices() == [], "a copy that never held alice's settings takes them quietly")
        #expect(phone.copyText.contains("\nalice: goal = 70.0 kg\n"), "the copy keeps what the store said")
    }

    /// The store says alice's goal, and the copy of a machine cannot be written: the settings
    /// in use stay as they were, and the failure is the feature's retained error (`status`
    /// shows it) until a write of the copy succeeds.
    @Test func aCopyThatCannotBeWrittenWhenTheStoreIsReadKeepsItsSettingsAndSaysWhy() throws {
        defer { directory.remove() }
        #expect(try machine("laptop").settings.set(.goal, to: "70") == .inStore)
        let store = Store(
            location: .file(path: path), schema: .trendsh, person: PersonRequest(name: Self.alice, source: .named))
        let copy = InMemorySettingsStore(failsToSave: true)
        let settings = SettingsFeature(
            store: copy,
            log: SettingsLog(
                repository: SQLSettingsRepository(store: store), clock: .fixed(Fixtures.now),
                person: { store.personName }))
        settings.refresh()
        #expect(settings.goalKilograms == nil, "the copy did not take the store's goal")
        #expect(settings.retainedError == .settings(.simulated))
    }

    @Test func twoPeopleOnOneStoreKeepTheirOwnUnitsAndGoals() throws {
        defer { directory.remove() }
        let shared = machine("shared")
        try shared.settings.set(.unit, to: "lb")
        try shared.settings.set(.goal, to: "70 kg")

        try shared.store.choosePerson(Self.bob)
        shared.settings.refresh()
        #expect(shared.settings.unit == .kilograms, "bob's unit is his own")
        #expect(shared.settings.goalKilograms == nil)
        try shared.settings.set(.goal, to: "60")

        try shared.store.choosePerson(Self.alice)
        shared.settings.refresh()
        #expect(shared.settings.unit == .pounds)
        #expect(shared.settings.goalKilograms == 70)
        #expect(try rows() == ["alice goal 70.0 kg", "alice unit lb", "bob goal 60.0 kg"])

        let bobs = machine("bobs", person: Self.bob)
        #expect(bobs.settings.goalKilograms == 60)
        #expect(bobs.settings.unit == .kilograms)
    }

    @Test func anOlderTrendshsSettingsAreTheFirstPersonsAndReachTheStoreWithTheNextWrite() throws {
        defer { directory.remove() }
        let copy = try directory.write(Array("unit = lb\ngoal = 70 kg\nchart-style = ascii\n".utf8), to: "old.settings")
        let old = Machine(store: path, copy: copy)

        #expect(old.settings.unit == .pounds)
        #expect(old.settings.goalKilograms == 70)
        #expect(old.settings.waitingForStore == ["unit", "goal"])
        #expect(try rows() == [], "nothing reaches the store before a write does")
        #expect(old.copyText.contains("\nalice: unit waits for the store since = unknown\n"), "\(old.copyText)")

        old.settings.deliverWaiting()

        #expect(try rows() == ["alice goal 70.0 kg", "alice unit lb"])
        #expect(old.settings.takeNotices() == [.deliveredFromOlderFile(["unit", "goal"], person: "alice")])
        #expect(old.settings.waitingForStore == [])
        #expect(
            old.copyText
                == "# trendsh settings\n\(Self.legend)\nchart-style = ascii\nalice: unit = lb\nalice: goal = 70.0 kg\n")
        // Bob's session on that machine sees none of alice's.
        try old.store.choosePerson(Self.bob)
        old.settings.refresh()
        #expect(old.settings.unit == .kilograms)
        #expect(old.settings.chartStyle == .ascii, "the chart style is the machine's, whoever works on it")
    }

    @Test func aValueTheStoreHoldsWinsOverAnOlderTrendshsAtOnce() throws {
        defer { directory.remove() }
        #expect(try machine("new").settings.set(.goal, to: "65") == .inStore)
        let copy = try directory.write(Array("unit = lb\ngoal = 70 kg\n".utf8), to: "old.settings")

        let old = Machine(store: path, copy: copy)

        #expect(old.settings.goalKilograms == 65, "a value of unknown age loses to the store's")
        #expect(old.settings.unit == .pounds)
        #expect(old.settings.waitingForStore == ["unit"])
    }

    @Test func aChangeWhileTheStoreFailsStaysMarkedInTheCopyAndGoesInAtTheNextWrite() throws {
        defer { directory.remove() }
        let first = machine("laptop")
        first.store.faults.failToOpen()

        let change = try first.settings.set(.goal, to: "70")

        #expect(change == .waitingForStore(.simulated(.open)))
        #expect(first.settings.goalKilograms == 70, "the change is in use on this machine")
        #expect(first.settings.waitingForStore == ["goal"])
        #expect(first.copyText.contains("\nalice: goal waits for the store since = 2026-11-29T08:00:00.000Z\n"))
        #expect(try rows() == [])

        // The session ends with the goal waiting; the next one, an hour later, finds it marked.
        first.store.close()
        let next = machine("laptop", at: Fixtures.now + Fixtures.hour)
        #expect(next.settings.goalKilograms == 70)
        #expect(next.settings.waitingForStore == ["goal"])

        next.settings.deliverWaiting()

        #expect(try rows() == ["alice goal 70.0 kg"])
        #expect(
            try OtherProgramConnection(path: path).text("SELECT changed_at FROM settings")
                == "2026-11-29T08:00:00.000Z", "the time of the change, not of its delivery")
        #expect(next.settings.takeNotices() == [.delivered(["goal"])])
        #expect(next.settings.waitingForStore == [])
        #expect(!next.copyText.contains("alice: goal waits"))
    }

    @Test func aLaterChangeInTheStoreWinsOverAnOlderOneWaitingHere() throws {
        defer { directory.remove() }
        let laptop = machine("laptop")
        laptop.store.faults.failToOpen()
        try laptop.settings.set(.goal, to: "70")
        // An hour later, on the phone, with the store working.
        #expect(try machine("phone", at: Fixtures.now + Fixtures.hour).settings.set(.goal, to: "65") == .inStore)

        laptop.store.faults.stopFailing()
        laptop.settings.deliverWaiting()

        #expect(try rows() == ["alice goal 65.0 kg"])
        #expect(laptop.settings.goalKilograms == 65)
        #expect(laptop.settings.waitingForStore == [])
        #expect(laptop.settings.takeNotices() == [.overruled(["goal"])])
    }

    @Test func aChangeWaitingHereThatIsLaterThanTheStoresGoesIn() throws {
        defer { directory.remove() }
        #expect(try machine("phone", at: Fixtures.now).settings.set(.goal, to: "65") == .inStore)
        let laptop = machine("laptop", at: Fixtures.now + Fixtures.hour)
        laptop.store.faults.failToOpen()
        try laptop.settings.set(.goal, to: "70")

        laptop.store.faults.stopFailing()
        laptop.settings.deliverWaiting()

        #expect(try rows() == ["alice goal 70.0 kg"])
        #expect(laptop.settings.takeNotices() == [.delivered(["goal"])])
    }

    @Test func aSettingWaitingForTheStoreIsNotTakenOverByTheStoresOlderValueOnARead() throws {
        defer { directory.remove() }
        #expect(try machine("phone").settings.set(.unit, to: "st") == .inStore)
        let laptop = machine("laptop", at: Fixtures.now + Fixtures.hour)
        laptop.store.faults.failToOpen()
        try laptop.settings.set(.unit, to: "lb")
        laptop.store.faults.stopFailing()

        laptop.settings.refresh()

        #expect(laptop.settings.unit == .pounds)
        #expect(laptop.settings.takeNotices() == [])
        #expect(laptop.settings.waitingForStore == ["unit"])
    }

    @Test func aUnitChangedInTheStoreFromAnotherMachineIsANoticeOnTheNextRead() throws {
        defer { directory.remove() }
        let laptop = machine("laptop")
        try laptop.settings.set(.unit, to: "kg")
        #expect(try machine("phone").settings.set(.unit, to: "lb") == .inStore)

        laptop.settings.refresh()

        #expect(laptop.settings.unit == .pounds)
        #expect(laptop.settings.takeNotices() == [.unitChanged(.pounds)])
    }

    static let legend =
        "# \"NAME: KEY = VALUE\" is NAME's own setting, kept in the store too; \"NAME: KEY waits for the store since = TIME\" marks one set here that the store does not hold yet."
}

/// The server refuses a person's settings in a log read for someone else
/// (`StorageError.notYourLog`). SQLite has no such rule, and the server's test harness is
/// not at hand here, so this repository stands in for the server: it reads alice's goal and
/// refuses every write, as the server's rules do for a coach.
@MainActor
@Suite struct RefusedSettingsTests {
    @MainActor
    final class ReadOnlyLog: SettingsRepository {
        func load() throws(StorageError) -> StoredSettings {
            StoredSettings(
                person: "alice", firstPerson: "alice",
                rows: ["goal": StoredSetting(value: "80.0 kg", changedAt: "2026-11-28T08:00:00.000Z")])
        }

        func deliver(now: String, _ changes: (String, String?) -> [SettingDelivery]) throws(StorageError)
            -> SettingsDeliveryOutcome
        {
            throw .notYourLog(person: "alice")
        }
    }

    @Test func aChangeOfSomeoneElsesSettingIsRefusedAndNothingChangesOrWaits() throws {
        let copy = InMemorySettingsStore()
        let settings = SettingsFeature(
            store: copy, log: SettingsLog(repository: ReadOnlyLog(), clock: Fixtures.clock, person: { "alice" }))
        settings.refresh()
        #expect(settings.goalKilograms == 80)

        #expect(throws: TrendError.settings(.notYourSettings(person: "alice"))) {
            try settings.set(.goal, to: "70")
        }

        #expect(settings.goalKilograms == 80)
        #expect(settings.waitingForStore == [])
        #expect(try copy.loadCopy().people["alice"]?.waiting == [:])
        #expect(settings.takeNotices() == [])
        #expect(try settings.set(.chartStyle, to: "ascii") == .local, "this machine's settings are its own")
    }
}
