import HearthApp

extension HearthConfiguration {
    /// The configuration the in-process harnesses start Hearth with: the defaults, the SQLite file `database`,
    /// 127.0.0.1 port 0 with `threads` listener threads, `/v1` on or off, metrics off, and a bad-token budget no
    /// test reaches (a test of the throttle passes its own settings).
    static func forTests(
        database: String,
        threads: Int = 2,
        api: Bool = false,
        metrics: Bool = false
    ) throws -> HearthConfiguration {
        var values = ConfigValues()
        let source = "test harness"
        try values.set(\.database.path, database, source: source)
        try values.set(\.http.host, "127.0.0.1", source: source)
        try values.set(\.http.port, 0, source: source)
        try values.set(\.http.threads, threads, source: source)
        try values.set(\.api.enabled, api, source: source)
        try values.set(\.metrics.enabled, metrics, source: source)
        try values.set(\.http.badTokenBurst, 100_000, source: source)
        try values.set(\.devices.seedFile, nil, source: source)
        return HearthConfiguration(values)
    }
}
