/// The OpenAPI 3.1 document describing `/v1`, served at `GET /v1/openapi.json`.
public enum OpenAPIDocument {
    /// The document, as JSON text.
    public static let json: String = """
        {
          "openapi": "3.1.0",
          "info": {"title": "Hearth device backend API", "version": "1"},
          "paths": {}
        }
        """
}
