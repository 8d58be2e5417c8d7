import DeviceAPI
import HearthTestSupport
import JSON

/// Checks real answers against what `/v1`'s OpenAPI document says an operation answers: the status is one it
/// lists, the `Content-Type` is a media type it lists for that status (none for a body-less answer), the body
/// conforms to that media type's schema (``JSONSchemaValidator``), and every header it lists as required is there
/// and conforms to its schema. It also remembers which (operation, status) pairs it saw, so a test can say which
/// documented answers it never produced.
final class OpenAPIConformance {
    let document: JSONValue
    let validator: JSONSchemaValidator
    private(set) var seen: Set<String> = []

    init() throws {
        document = try JSONParser.parse(OpenAPIDocument.json)
        validator = JSONSchemaValidator(root: document)
    }

    /// Every operation: operationId → its object.
    var operations: [String: JSONValue] {
        var found: [String: JSONValue] = [:]
        for (_, item) in document["paths"]?.objectValue ?? JSONObject() {
            for method in OpenAPIDocumentTests.methods {
                if let operation = item[method], let id = operation["operationId"]?.stringValue {
                    found[id] = operation
                }
            }
        }
        return found
    }

    /// The statuses the document lists for `operationId`.
    func statuses(of operationId: String) -> [String] {
        operations[operationId]?["responses"]?.objectValue?.keys ?? []
    }

    /// What is wrong with `answer` as an answer of `operationId`; empty when it conforms.
    func problems(_ operationId: String, _ answer: Curl.Result) -> [String] {
        seen.insert("\(operationId) \(answer.status)")
        guard let operation = operations[operationId] else { return ["no operation \(operationId) in the document"] }
        guard let listed = operation["responses"]?["\(answer.status)"] else {
            return ["\(operationId) answered \(answer.status), which the document does not list: \(answer.body)"]
        }
        guard let response = resolved(listed) else { return ["\(operationId) \(answer.status): unresolvable $ref"] }
        let label = "\(operationId) \(answer.status)"
        var found: [String] = []
        let mediaType = answer.header("Content-Type")?.split(separator: ";").first.map(String.init)
        if let content = response["content"]?.objectValue {
            guard let mediaType, let media = content[mediaType] else {
                return ["\(label): Content-Type \(mediaType ?? "none") is not one of \(content.keys)"]
            }
            if mediaType == "application/json" {
                do {
                    let body = try JSONParser.parse(answer.body)
                    found += validator.problems(body, media["schema"] ?? .bool(true)).map { "\(label) body \($0)" }
                } catch {
                    found.append("\(label): the body is not JSON: \(error)")
                }
            }
        } else if !answer.body.isEmpty {
            found.append("\(label): the document lists no body, the answer has \(answer.body.utf8.count) bytes")
        }
        for (name, listed) in response["headers"]?.objectValue ?? JSONObject() {
            guard let header = resolved(listed) else {
                found.append("\(label): header \(name) has an unresolvable $ref")
                continue
            }
            guard let value = answer.header(name) else {
                if header["required"] == .bool(true) { found.append("\(label): required header \(name) is missing") }
                continue
            }
            let schema = header["schema"] ?? .bool(true)
            found += validator.problems(.string(value), schema).map { "\(label) header \(name) \($0)" }
        }
        return found
    }

    /// `object`, or what it refers to when it is a Reference Object (`{"$ref": "#/components/…"}`); nil when the
    /// reference does not resolve.
    func resolved(_ object: JSONValue) -> JSONValue? {
        guard let reference = object["$ref"]?.stringValue else { return object }
        return validator.resolve(reference)
    }
}
