import JSON
import Testing

/// The JSON Schema subset ``JSONSchemaValidator`` checks: each keyword accepts what it should and refuses what it
/// should, and a keyword it does not know is a problem, not a pass.
struct JSONSchemaValidatorTests {
    /// A schema, an instance, and whether the instance conforms.
    struct Case: Sendable, CustomTestStringConvertible {
        var schema: String
        var instance: String
        var conforms: Bool
        var testDescription: String { "\(instance) against \(schema): \(conforms ? "conforms" : "breaks it")" }
    }

    static let cases: [Case] = [
        Case(schema: #"{"type": "integer"}"#, instance: "3", conforms: true),
        Case(schema: #"{"type": "integer"}"#, instance: "3.5", conforms: false),
        Case(schema: #"{"type": "integer"}"#, instance: "true", conforms: false),
        Case(schema: #"{"type": "number"}"#, instance: "3.5", conforms: true),
        Case(schema: #"{"type": ["string", "null"]}"#, instance: "null", conforms: true),
        Case(schema: #"{"type": ["string", "null"]}"#, instance: "1", conforms: false),
        Case(schema: #"{"enum": ["a", 1]}"#, instance: "1", conforms: true),
        Case(schema: #"{"enum": ["a", 1]}"#, instance: #""b""#, conforms: false),
        Case(schema: #"{"const": true}"#, instance: "false", conforms: false),
        Case(schema: #"{"required": ["a"]}"#, instance: #"{"b": 1}"#, conforms: false),
        Case(schema: #"{"required": ["a"]}"#, instance: "[]", conforms: true),
        Case(schema: #"{"properties": {"a": {"type": "string"}}}"#, instance: #"{"a": 1}"#, conforms: false),
        Case(
            schema: #"{"properties": {"a": {}}, "additionalProperties": false}"#,
            instance: #"{"a": 1, "b": 2}"#,
            conforms: false
        ),
        Case(
            schema: #"{"properties": {"a": {}}, "additionalProperties": false}"#,
            instance: #"{"a": 1}"#,
            conforms: true
        ),
        Case(schema: #"{"additionalProperties": {"type": "integer"}}"#, instance: #"{"x": "y"}"#, conforms: false),
        Case(schema: #"{"minProperties": 1}"#, instance: "{}", conforms: false),
        Case(schema: #"{"dependentRequired": {"a": ["b"]}}"#, instance: #"{"a": 1}"#, conforms: false),
        Case(schema: #"{"dependentRequired": {"a": ["b"]}}"#, instance: #"{"b": 1}"#, conforms: true),
        Case(schema: #"{"items": {"type": "string"}}"#, instance: #"["a", 2]"#, conforms: false),
        Case(schema: #"{"minItems": 2, "maxItems": 3}"#, instance: "[1]", conforms: false),
        Case(schema: #"{"minItems": 2, "maxItems": 3}"#, instance: "[1, 2, 3, 4]", conforms: false),
        Case(schema: #"{"uniqueItems": true}"#, instance: "[1, 1.0]", conforms: false),
        Case(
            schema: #"{"minimum": 1, "maximum": 9223372036854775807}"#,
            instance: "9223372036854775807",
            conforms: true
        ),
        Case(
            schema: #"{"minimum": 1, "maximum": 9223372036854775806}"#,
            instance: "9223372036854775807",
            conforms: false
        ),
        Case(schema: #"{"minimum": 1}"#, instance: "0", conforms: false),
        Case(schema: #"{"minLength": 2, "maxLength": 2}"#, instance: #""éé""#, conforms: true),
        Case(schema: #"{"minLength": 2}"#, instance: #""é""#, conforms: false),
        Case(schema: #"{"pattern": "^[a-z]+$"}"#, instance: #""abc""#, conforms: true),
        Case(schema: #"{"pattern": "^[a-z]+$"}"#, instance: #""aBc""#, conforms: false),
        Case(schema: #"{"pattern": "b"}"#, instance: #""abc""#, conforms: true),
        Case(schema: #"{"allOf": [{"type": "integer"}, {"minimum": 5}]}"#, instance: "4", conforms: false),
        Case(schema: #"{"anyOf": [{"type": "integer"}, {"type": "string"}]}"#, instance: "null", conforms: false),
        Case(schema: #"{"oneOf": [{"type": "integer"}, {"minimum": 0}]}"#, instance: "1", conforms: false),
        Case(schema: #"{"oneOf": [{"type": "integer"}, {"type": "string"}]}"#, instance: #""a""#, conforms: true),
        Case(schema: #"{"not": {"enum": [".", ".."]}}"#, instance: #"".""#, conforms: false),
        Case(schema: #"{"not": {"enum": [".", ".."]}}"#, instance: #""a.""#, conforms: true),
        Case(schema: ##"{"$ref": "#/$defs/n", "$defs": {"n": {"type": "null"}}}"##, instance: "1", conforms: false),
        Case(schema: #"{"description": "x", "format": "date-time"}"#, instance: "1", conforms: true),
        Case(schema: #"{"if": {"type": "null"}}"#, instance: "1", conforms: false),
        Case(schema: ##"{"$ref": "#/nowhere"}"##, instance: "1", conforms: false),
    ]

    @Test(arguments: cases) func keyword(_ example: Case) throws {
        var schema = try JSONParser.parse(example.schema)
        // `$defs` is only a place to put a `$ref`'s target here: the validator is given it as the root.
        let root = schema
        if case .object(var object) = schema {
            object["$defs"] = nil
            schema = .object(object)
        }
        let problems = JSONSchemaValidator(root: root).problems(try JSONParser.parse(example.instance), schema)
        #expect(problems.isEmpty == example.conforms, "\(problems)")
    }

    @Test func problemsNameWhereAndWhat() throws {
        let schema = try JSONParser.parse(
            #"{"properties": {"a": {"items": {"required": ["b"]}}}, "additionalProperties": false}"#
        )
        let problems = JSONSchemaValidator(root: schema).problems(
            try JSONParser.parse(#"{"a": [{}, {"b": 1}], "c": 0}"#),
            schema
        )
        #expect(problems.sorted() == [#"/: member "c" is not allowed"#, #"/a/0: missing required member "b""#])
    }
}
