import HTTPMessages
import HTTPTypes
import Testing

struct RequestTests {
    @Test func pathAndQuerySplitTheTargetAtTheFirstQuestionMark() {
        let request = Request(method: .get, target: "/a%20b?x=1&y=?2")
        #expect(request.path == "/a%20b")
        #expect(request.query == "x=1&y=?2")
        #expect(request.head.path == "/a%20b?x=1&y=?2")
    }

    @Test func aTargetWithoutQuestionMarkHasNoQuery() {
        #expect(Request(method: .post, target: "/fulfillment").query == nil)
        #expect(Request(method: .post, target: "/fulfillment?").query == "")
    }

    @Test func headerFieldsAreLookedUpByName() {
        let request = Request(
            method: .post,
            target: "/fulfillment",
            headerFields: [.contentType: "application/json", .authorization: "Bearer t"]
        )
        #expect(request.method == .post)
        #expect(request.headerFields[.authorization] == "Bearer t")
        #expect(request.headerFields[HTTPField.Name("CONTENT-TYPE")!] == "application/json")
    }

    @Test func responseStatusAndFieldsAreTheHeads() {
        var response = Response(status: .ok, headerFields: [.contentType: "text/plain"], body: Array("hi".utf8))
        response.status = .notFound
        response.headerFields[.retryAfter] = "5"
        #expect(response.head.status.code == 404)
        #expect(response.head.headerFields[.retryAfter] == "5")
        #expect(response.delay == .zero && response.deferred == nil)
    }
}
