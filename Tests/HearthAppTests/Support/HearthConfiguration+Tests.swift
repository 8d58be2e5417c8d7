import HearthApp

extension HearthConfiguration {
    /// The configuration the in-process harnesses start Hearth with: the defaults, the SQLite file `database`,
    /// 127.0.0.1 port 0, then ``testSettings(threads:api:metrics:)``.
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
        try values.set(\.devices.seedFile, nil, source: source)
        for setting in testSettings(threads: threads, api: api, metrics: metrics) {
            try values.set(setting.path, setting: setting.setting, source: source)
        }
        return HearthConfiguration(values)
    }

    /// The keys the test harnesses set over `InProcessHearth`'s: `threads` listener threads, `/v1` on or off,
    /// metrics off, and a bad-token budget no test reaches (a test of the throttle passes its own settings).
    static func testSettings(threads: Int = 2, api: Bool = false, metrics: Bool = false) -> [ConfigOverride] {
        [
            .set(\.http.threads, threads),
            .set(\.api.enabled, api),
            .set(\.metrics.enabled, metrics),
            .set(\.http.badTokenBurst, 100_000),
        ]
    }
}
