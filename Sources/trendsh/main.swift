import TrendShell

// The static trendsh: the launch (Sources/TrendShell/Launch) with no way of its own to a
// PostgreSQL server; a --store naming one is handed to the companion, trendsh-pg.
Launch.run(serverStores: nil)
