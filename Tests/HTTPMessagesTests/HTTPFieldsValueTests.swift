import HTTPMessages
import HTTPTypes
import Testing

/// `HTTPFields.value(of:)`, the request path's lookup: the same answer as swift-http-types' subscript for every
/// arrangement of fields, including none, one, several and `Cookie`'s separator.
struct HTTPFieldsValueTests {
    static let names: [HTTPField.Name] = [.authorization, .contentType, .cookie, .accept]

    @Test func oneLineIsItsValue() {
        let fields: HTTPFields = [.authorization: "Bearer abc", .contentType: "application/json"]
        #expect(fields.value(of: .authorization) == "Bearer abc")
        #expect(fields.value(of: .contentType) == "application/json")
        #expect(fields.value(of: .accept) == nil)
    }

    @Test func severalLinesAreJoinedAsTheSubscriptJoinsThem() {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .authorization, value: "Bearer a"))
        fields.append(HTTPField(name: .accept, value: "*/*"))
        fields.append(HTTPField(name: .authorization, value: "Bearer b"))
        fields.append(HTTPField(name: .cookie, value: "a=1"))
        fields.append(HTTPField(name: .cookie, value: "b=2"))
        #expect(fields.value(of: .authorization) == "Bearer a, Bearer b")
        #expect(fields.value(of: .cookie) == "a=1; b=2")
    }

    /// Every sequence of up to four fields drawn from four names and two values: the lookup and the subscript agree.
    @Test func agreesWithTheSubscriptOnEveryArrangement() {
        let values = ["x", "y z"]
        var arrangements: [[HTTPField]] = [[]]
        for _ in 0..<4 {
            arrangements += arrangements.filter { $0.count == arrangements.last!.count }.flatMap { prefix in
                Self.names.flatMap { name in values.map { prefix + [HTTPField(name: name, value: $0)] } }
            }
        }
        #expect(arrangements.count == 1 + 8 + 64 + 512 + 4096)
        for arrangement in arrangements {
            let fields = HTTPFields(arrangement)
            for name in Self.names {
                #expect(fields.value(of: name) == fields[name], "\(arrangement) \(name)")
            }
        }
    }
}
