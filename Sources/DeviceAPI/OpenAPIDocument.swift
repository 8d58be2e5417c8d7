/// The OpenAPI 3.1 document of `/v1`, served at `GET /v1/openapi.json`: the routes, the API-key bearer scheme, the
/// error shape, the device object (device-file format), the change event, the long-poll answer and 410.
///
/// The document is the file `openapi.json` beside this one, checked in as JSON (its repeated parts written once, under
/// `components`, and referred to with `$ref`). `EmbedJSONPlugin` compiles it into the module at build time
/// (`EmbeddedJSON`), so the binary serves it with nothing beside it, and a file that is not JSON fails the build.
/// `OpenAPIDocumentTests` checks that it is complete, `RouterDocumentAgreementTests` that it names exactly the routes
/// the responder serves; CI runs schemathesis against a live server with it (`.ci/schemathesis`).
public enum OpenAPIDocument {
    /// The document as JSON text (UTF-8): byte for byte `openapi.json`.
    public static let json: String = EmbeddedJSON.openapi
}
