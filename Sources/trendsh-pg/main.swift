import TrendShell

// trendsh-pg, the companion: the same trendsh, linked dynamically with libpq, which the static
// trendsh runs in its place when --store names a PostgreSQL server (docs/design.md, "The
// launch and the companion"). It never runs another trendsh.
Launch.run(serverStores: PostgresStoreOpener())
