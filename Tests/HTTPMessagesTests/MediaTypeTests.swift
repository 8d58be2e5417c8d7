import HTTPMessages
import Testing

struct MediaTypeTests {
    @Test(arguments: [
        ("application/json", true),
        ("Application/JSON", true),
        ("application/json; charset=UTF-8", true),
        (" \tapplication/json ;charset=utf-8", true),
        ("application/json \t", true),
        ("application/jsonp", false),
        ("application/jso", false),
        ("text/json", false),
        ("", false),
    ])
    func matchesTheMediaTypeWithOrWithoutParameters(_ contentType: String, _ matches: Bool) {
        #expect(MediaType.matches(contentType, "application/json") == matches)
    }

    @Test func aMissingContentTypeMatchesNothing() {
        #expect(!MediaType.matches(nil, "application/json"))
    }
}
