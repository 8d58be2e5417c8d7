import DeviceAPI
import JSON
import MatterModel
import Testing

/// The `/v1` OpenAPI document: valid JSON, OpenAPI 3.1, every operation complete, every `$ref` resolvable; and the
/// route-for-route comparison the router's table is checked with (``OpenAPIRoutes/mismatches(routes:document:)``).
struct OpenAPIDocumentTests {
    static let methods = ["get", "put", "post", "patch", "delete", "head", "options", "trace"]

    static func document() throws -> JSONValue {
        try JSONParser.parse(OpenAPIDocument.json)
    }

    @Test
    func parsesAsOpenAPI31() throws {
        let document = try Self.document()
        #expect(document["openapi"]?.stringValue?.hasPrefix("3.1.") == true)
        #expect(document["info"]?["title"]?.stringValue?.isEmpty == false)
        #expect(document["info"]?["version"]?.stringValue?.isEmpty == false)
        #expect(document["components"]?["securitySchemes"]?["apiKey"]?["scheme"]?.stringValue == "bearer")
        #expect(document["security"] == .array([.object(JSONObject([("apiKey", .array([]))]))]))
    }

    @Test
    func everyOperationHasAnOperationIdAndResponses() throws {
        let document = try Self.document()
        guard case .object(let paths) = document["paths"] else {
            Issue.record("no paths object")
            return
        }
        var operationIds: [String] = []
        for (path, item) in paths {
            #expect(path.hasPrefix("/v1/"), "\(path) is outside /v1")
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                let operationId = operation["operationId"]?.stringValue ?? ""
                #expect(!operationId.isEmpty, "\(method) \(path) has no operationId")
                operationIds.append(operationId)
                guard case .object(let responses) = operation["responses"] else {
                    Issue.record("\(method) \(path) has no responses")
                    continue
                }
                #expect(!responses.isEmpty, "\(method) \(path) has no responses")
                #expect(
                    responses.keys.contains { $0.hasPrefix("2") },
                    "\(method) \(path) documents no success"
                )
                if path != "/v1/openapi.json" {
                    #expect(responses["401"] != nil, "\(method) \(path) does not document 401")
                }
            }
        }
        #expect(operationIds.count >= 12, "expected every /v1 operation, found \(operationIds)")
        #expect(Set(operationIds).count == operationIds.count, "duplicate operationIds in \(operationIds)")
    }

    @Test
    func everyReferenceResolves() throws {
        let document = try Self.document()
        var references: [String] = []
        Self.collectReferences(document, into: &references)
        #expect(!references.isEmpty)
        for reference in references {
            #expect(reference.hasPrefix("#/"), "\(reference) is not local")
            var target: JSONValue? = document
            for part in reference.dropFirst(2).split(separator: "/") { target = target?[String(part)] }
            #expect(target != nil, "\(reference) does not resolve")
        }
    }

    @Test
    func documentsTheAgreedShapes() throws {
        let schemas = try Self.document()["components"]?["schemas"]
        #expect(Self.required(schemas?["Error"]) == ["error", "message"])
        #expect(Self.required(schemas?["ChangesPage"]) == ["changes", "next"])
        #expect(Self.required(schemas?["DeviceList"]) == ["devices", "generation"])
        #expect(Self.required(schemas?["DeviceResponse"]) == ["device", "connectivity"])
        #expect(Self.required(schemas?["Connectivity"]) == ["state", "endpoints"])
        // A change is one of a schema per kind, each naming its kind and requiring the common members.
        let branches: [JSONValue] = (schemas?["Change"]?["oneOf"]?.arrayValue ?? []).compactMap { branch in
            guard let name = branch["$ref"]?.stringValue?.split(separator: "/").last else { return nil }
            return schemas?[String(name)]
        }
        #expect(
            Set(branches.compactMap { $0["properties"]?["kind"]?["const"]?.stringValue }) == [
                "command", "state", "device", "user",
            ]
        )
        for branch in branches {
            #expect(Set(Self.required(branch)).isSuperset(of: ["cursor", "kind", "agentUserId", "occurred"]))
        }
        #expect(schemas?["StateBatch"]?["properties"]?["changes"]?["maxItems"] == .int(DeviceAPIResponder.maximumBatch))
        let device = schemas?["Device"]?["properties"]
        guard case .object(let properties) = device else {
            Issue.record("no Device properties")
            return
        }
        #expect(
            Set(properties.keys)
                == Set([
                    "id", "name", "nicknames", "room", "structure", "deviceTypes",
                    "deviceType", "basicInformation", "otherDeviceIds", "online", "clusters", "endpoints", "challenge",
                    "notificationSupportedByAgent",
                ])
        )
    }

    /// The vocabularies the document spells out are the server's own.
    @Test func idsAndDeviceTypesAreTheServersOwn() throws {
        let schemas = try Self.document()["components"]?["schemas"]
        #expect(schemas?["Id"]?["pattern"]?.stringValue == APIIdentifier.characterPattern)
        #expect(schemas?["Id"]?["not"]?["enum"]?.arrayValue?.compactMap(\.stringValue) == APIIdentifier.excluded)
        let names = schemas?["DeviceType"]?["enum"]?.arrayValue?.compactMap(\.stringValue)
        #expect(names == DeviceType.knownNames)
    }

    // MARK: - Route agreement

    @Test
    func routeComparisonAcceptsTheDocumentsOwnRoutes() throws {
        let document = try Self.document()
        let routes = OpenAPIRoutes.operations(in: document)
        #expect(routes.contains(OpenAPIRoutes.Route(method: "GET", path: "/v1/changes")))
        #expect(OpenAPIRoutes.mismatches(routes: routes, document: document).isEmpty)
    }

    @Test
    func routeComparisonNamesMissingAndExtraRoutesWhateverTheParameterNames() throws {
        let document = try Self.document()
        let router: [(method: String, path: String)] = [
            ("PUT", "/v1/users/{u}"),
            ("DELETE", "/v1/users/{user}"),
            ("POST", "/v1/users/{user}/authorization-codes"),
            ("GET", "/v1/users/{u}/devices"),
            ("GET", "/v1/users/{u}/devices/{d}"),
            ("PUT", "/v1/users/{u}/devices/{d}"),
            ("PATCH", "/v1/users/{u}/devices/{d}"),
            ("DELETE", "/v1/users/{u}/devices/{d}"),
            ("PATCH", "/v1/users/{u}/devices/{d}/state"),
            ("POST", "/v1/state"),
            ("POST", "/v1/users/{u}/devices/{d}/events"),
            ("GET", "/v1/changes"),
            ("GET", "/v1/openapi.json"),
        ]
        let routes = router.map { OpenAPIRoutes.Route(method: $0.method, path: $0.path) }
        #expect(OpenAPIRoutes.mismatches(routes: routes, document: document).isEmpty)

        var changed = routes.filter { $0.path != "/v1/state" }
        changed.append(OpenAPIRoutes.Route(method: "GET", path: "/v1/users"))
        let mismatches = OpenAPIRoutes.mismatches(routes: changed, document: document)
        #expect(
            mismatches == [
                "GET /v1/users: served but not in the document",
                "POST /v1/state: in the document but not served",
            ]
        )
    }

    // MARK: - Helpers

    static func required(_ schema: JSONValue?) -> [String] {
        guard case .array(let names) = schema?["required"] else { return [] }
        return names.compactMap(\.stringValue)
    }

    static func collectReferences(_ value: JSONValue, into references: inout [String]) {
        switch value {
        case .object(let object):
            for (key, member) in object {
                if key == "$ref", let reference = member.stringValue {
                    references.append(reference)
                } else {
                    collectReferences(member, into: &references)
                }
            }
        case .array(let elements):
            for element in elements { collectReferences(element, into: &references) }
        default: break
        }
    }
}

/// Compares a router's table of routes with the OpenAPI document's `paths`, route for route. Path parameters are
/// compared by position, not by name (`{u}` matches `{agentUserId}`). After the merge, the router's table is passed
/// to ``mismatches(routes:document:)`` by a test that expects no mismatch.
enum OpenAPIRoutes {
    /// One route: an upper-case method and a path template.
    struct Route: Hashable, Comparable, CustomStringConvertible {
        var method: String
        var path: String

        init(method: String, path: String) {
            self.method = method.uppercased()
            self.path = path
        }

        /// The template with every `{parameter}` written `{}`.
        var shape: String {
            var result = ""
            var inParameter = false
            for character in path {
                if character == "{" {
                    inParameter = true
                    result.append("{}")
                } else if character == "}" {
                    inParameter = false
                } else if !inParameter {
                    result.append(character)
                }
            }
            return result
        }

        var description: String { "\(method) \(path)" }

        static func < (lhs: Route, rhs: Route) -> Bool {
            (lhs.shape, lhs.method) < (rhs.shape, rhs.method)
        }
    }

    /// Every operation of the document's `paths`.
    static func operations(in document: JSONValue) -> [Route] {
        guard case .object(let paths) = document["paths"] else { return [] }
        var routes: [Route] = []
        for (path, item) in paths {
            for method in OpenAPIDocumentTests.methods where item[method] != nil {
                routes.append(Route(method: method, path: path))
            }
        }
        return routes
    }

    /// One line per route served but not documented, or documented but not served; empty when they agree.
    static func mismatches(routes: [Route], document: JSONValue) -> [String] {
        let documented = operations(in: document)
        let documentedShapes = Set(documented.map { "\($0.method) \($0.shape)" })
        let servedShapes = Set(routes.map { "\($0.method) \($0.shape)" })
        var lines: [String] = []
        for route in routes.sorted() where !documentedShapes.contains("\(route.method) \(route.shape)") {
            lines.append("\(route): served but not in the document")
        }
        for route in documented.sorted() where !servedShapes.contains("\(route.method) \(route.shape)") {
            lines.append("\(route): in the document but not served")
        }
        return lines
    }
}
