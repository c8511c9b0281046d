/// The fixtures of the PostgreSQL tests.
enum Fixtures {
    /// Changes that run unchanged on SQLite and on PostgreSQL, and touch every trigger: a
    /// kind whose days a zone keeps, entries with and without a weight and with measurements,
    /// a weight changed, a note changed (no note of a day), an entry moved and its
    /// measurement changed, an entry's measurements removed, an entry with a draft's id
    /// removed (its save kept, its measurements removed with it), and a habit with done
    /// days removed (the days with it).
    static let sameChangesOnBoth = [
        """
        INSERT INTO entries (taken_at, kilograms, note, draft_id)
        VALUES ('2026-11-28T07:30:00.000Z', 71.5, '', 'draft-one')
        """,
        """
        INSERT INTO entries (taken_at, kilograms, note, draft_id)
        VALUES ('2026-11-29T07:30:00.000Z', 71.25, 'after a run', 'draft-two')
        """,
        "INSERT INTO entries (taken_at, kilograms, note) VALUES ('2026-11-30T07:30:00.000Z', NULL, 'waist alone')",
        // The entries' person: the store's first one on SQLite, the connecting role on the server.
        "INSERT INTO kind_daily_zones (person, kind, zone, applied) SELECT person, 'waist', 'Europe/Paris', 0 FROM entries WHERE id = 1",
        "INSERT INTO measurements (entry_id, kind, value) VALUES (1, 'waist', 80.5), (1, 'fat', 21.5), (2, 'waist', 79.75), (3, 'waist', 81.25)",
        "UPDATE entries SET kilograms = 70.75, revision = revision + 1 WHERE id = 2",
        "UPDATE entries SET note = 'only the note', revision = revision + 1 WHERE id = 1",
        "UPDATE entries SET taken_at = '2026-11-27T07:30:00.000Z' WHERE id = 1",
        "UPDATE entries SET kilograms = 72.5 WHERE id = 3",
        "UPDATE measurements SET value = 80.25 WHERE entry_id = 1 AND kind = 'waist'",
        "DELETE FROM measurements WHERE entry_id = 3",
        "DELETE FROM entries WHERE id = 1",
        """
        INSERT INTO habits (name, name_key, created_at, draft_id)
        VALUES ('Walk', 'walk', '2026-11-28T07:00:00.000Z', 'draft-habit')
        """,
        """
        INSERT INTO completions (habit_id, day, recorded_at)
        VALUES (1, '2026-11-28', '2026-11-28T20:00:00.000Z'), (1, '2026-11-29', '2026-11-29T20:00:00.000Z')
        """,
        "INSERT INTO habits (name, name_key, created_at) VALUES ('Read', 'read', '2026-11-28T07:01:00.000Z')",
        "INSERT INTO completions (habit_id, day, recorded_at) VALUES (2, '2026-11-29', '2026-11-29T21:00:00.000Z')",
        "DELETE FROM habits WHERE id = 1",
    ]

    /// Names whose byte order differs from a language's: upper case before lower case, a
    /// letter with an accent after every ASCII letter, ISO 8601 dates by date.
    static let namesInByteOrder = ["2026-11-09", "2026-11-10", "Zumba", "apple", "yoga", "\u{e9}lan"]
}
