import HearthTestSupport

extension HearthCLI {
    /// What a device-API test through `hearth serve` starts from: `home` imported into `hearth.sqlite` in
    /// `directory` and an API key named `keyName`, both made with the CLI as an operator would. The database's path
    /// and the key.
    static func databaseWithAPIKey(
        home: String,
        keyName: String,
        in directory: TemporaryDirectory
    ) throws -> (database: String, key: String) {
        let database = directory.path("hearth.sqlite")
        let homeFile = try directory.write("home.json", home)
        let imported = try run(["devices", "import", homeFile, "--database", database], in: directory.url)
        guard imported.status == 0 else { throw TestFailure("devices import exited \(imported.status)") }
        let created = try run(["apikeys", "create", "--name", keyName, "--database", database], in: directory.url)
        guard created.status == 0, let key = created.stdout.split(separator: "\n").last.map(String.init) else {
            throw TestFailure("apikeys create exited \(created.status)")
        }
        return (database, key)
    }
}
