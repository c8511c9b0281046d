/// The people table's SQL.
public enum PeopleRows {
    /// Everyone the store holds, by name.
    public static func names(in db: any SQLConnection) throws(StorageError) -> [PersonName] {
        let rows = try db.statement("SELECT name FROM people ORDER BY name")
        var names: [PersonName] = []
        while try rows.step() {
            if let text = rows.text(0), let name = PersonName(text) { names.append(name) }
        }
        return names
    }

    /// True when the store holds `name`.
    public static func holds(_ name: PersonName, in db: any SQLConnection) throws(StorageError) -> Bool {
        try db.integer("SELECT count(*) FROM people WHERE name = ?", [.text(name.rawValue)]) > 0
    }

    /// The person `request` comes to in this store: the name asked for when the store holds
    /// it; else, for a name only the environment gave, the store's one person when it holds
    /// just one. Any other name is refused, naming the people the store holds.
    public static func choose(_ request: PersonRequest, in db: any SQLConnection) throws(StorageError) -> PersonName {
        if try holds(request.name, in: db) { return request.name }
        let known = try names(in: db)
        if request.source != .named, known.count == 1, let only = known.first { return only }
        throw .unknownPerson(name: request.name.rawValue, known: known.map(\.rawValue))
    }

    /// Adds `name` to the store. False when it already holds them (nothing is written).
    public static func add(_ name: PersonName, in db: any SQLConnection) throws(StorageError) -> Bool {
        guard try !holds(name, in: db) else { return false }
        try db.run(
            "INSERT INTO people (name, added_at) VALUES (?, \(db.dialect.now))", [.text(name.rawValue)])
        return true
    }
}
