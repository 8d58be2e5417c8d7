import PackagePlugin

/// Puts a target's JSON files into its binary: one build command runs `EmbedJSON` over every `.json` file of the
/// target and compiles the Swift source it writes (`enum EmbeddedJSON`, one `static let` per file). The files stay
/// in the repository as files, to read and review; the binary needs nothing beside it (no resource bundle), and a
/// file that is not JSON fails the build. Applied to `DeviceAPI` for `openapi.json`.
@main
struct EmbedJSONFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? any SourceModuleTarget else { return [] }
        let inputs = module.sourceFiles
            .map(\.url)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedJSON.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.map(\.lastPathComponent).joined(separator: ", ")) in \(target.name)",
                executable: try context.tool(named: "EmbedJSON").url,
                arguments: [output.path(percentEncoded: false)] + inputs.map { $0.path(percentEncoded: false) },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
