import Clocks
import Cryptography
import DeviceAPI
import HTTPMessages
import HTTPTypes
import JSON
import Logging
import OAuth
import Registry
import RegistrySQLite
import Testing

/// App Flip: `POST /v1/users/{agentUserId}/authorization-codes` mints a code the Google Home app redeems at
/// `/oauth/token` like any other.
struct AppFlipTests {
    static let client = OAuthClient(
        id: "google",
        redirectURIs: ["https://oauth-redirect.googleusercontent.com/r/hearth-test"],
        secret: "google-secret"
    )
    static let settings = OAuthSettings(clients: [client], authorizationCodeTTLSeconds: 300)

    struct Setup {
        let store: SQLiteRegistry
        let api: DeviceAPIResponder
        let oauth: OAuthServer
        let key: String

        init(appFlip: Bool = true) throws {
            store = try SQLiteRegistry.inMemory()
            key = try store.create(name: "backend", now: SystemClock().unixTime)
            let logger = Logger(label: "app-flip", factory: { _ in SwiftLogNoOpLogHandler() })
            api = DeviceAPIResponder(
                store: store,
                appFlip: appFlip
                    ? AppFlipCodeIssuer(
                        store: store,
                        settings: AppFlipTests.settings,
                        clock: SystemClock(),
                        logger: logger
                    )
                    : nil,
                logger: logger
            )
            oauth = try OAuthServer(store: store, settings: AppFlipTests.settings, logger: logger)
        }

        func mint(_ user: String, _ body: String) -> (status: HTTPResponse.Status, json: JSONValue?) {
            let response = api.respond(
                to: Request(
                    method: .post,
                    target: "/v1/users/\(user)/authorization-codes",
                    headerFields: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                    body: Array(body.utf8)
                )
            )
            return (response.status, try? JSONParser.parse(response.body))
        }

        func redeem(_ code: String, verifier: String? = nil) -> HTTPResponse.Status {
            var form =
                "grant_type=authorization_code&code=\(code)&redirect_uri=\(AppFlipTests.client.redirectURIs[0])"
                + "&client_id=google&client_secret=google-secret"
            if let verifier { form += "&code_verifier=\(verifier)" }
            return oauth.token(
                Request(
                    method: .post,
                    target: "/oauth/token",
                    headerFields: [.contentType: "application/x-www-form-urlencoded"],
                    body: Array(form.utf8)
                )
            ).status
        }
    }

    static let body =
        #"{"clientID": "google", "redirectURI": "https://oauth-redirect.googleusercontent.com/r/hearth-test"}"#

    @Test func aMintedCodeRedeemsOnceAtTheTokenEndpoint() throws {
        let setup = try Setup()
        _ = try setup.store.createUser("alice")
        let minted = setup.mint("alice", Self.body)
        #expect(minted.status == .created)
        #expect(minted.json?["expiresIn"]?.intValue == 300)
        let code = try #require(minted.json?["code"]?.stringValue)
        #expect(setup.redeem(code) == .ok)
        #expect(setup.redeem(code) == .badRequest)
    }

    @Test func aPKCECodeNeedsItsVerifier() throws {
        let setup = try Setup()
        _ = try setup.store.createUser("alice")
        let verifier = String(repeating: "k", count: 50)
        let challenge = Base64URL.encode(SHA256.hash(Array(verifier.utf8)))
        let body =
            #"{"clientID": "google", "redirectURI": "\#(Self.client.redirectURIs[0])", "codeChallenge": "\#(challenge)", "codeChallengeMethod": "S256"}"#
        let code = try #require(setup.mint("alice", body).json?["code"]?.stringValue)
        #expect(setup.redeem(code, verifier: String(repeating: "j", count: 50)) == .badRequest)
        #expect(setup.redeem(code, verifier: verifier) == .ok)
    }

    @Test(arguments: [
        (
            #"{"clientID": "nobody", "redirectURI": "https://oauth-redirect.googleusercontent.com/r/hearth-test"}"#,
            "/clientID"
        ),
        (#"{"clientID": "google", "redirectURI": "https://evil.example/cb"}"#, "/redirectURI"),
        (#"{"clientID": "google"}"#, "/redirectURI"),
        (
            #"{"clientID": "google", "redirectURI": "https://oauth-redirect.googleusercontent.com/r/hearth-test", "codeChallenge": "\#(String(repeating: "a", count: 43))"}"#,
            "/codeChallenge"
        ),
        (
            #"{"clientID": "google", "redirectURI": "https://oauth-redirect.googleusercontent.com/r/hearth-test", "codeChallenge": "\#(String(repeating: "a", count: 43))", "codeChallengeMethod": "plain"}"#,
            "/codeChallenge"
        ),
        (
            #"{"clientID": "google", "redirectURI": "https://oauth-redirect.googleusercontent.com/r/hearth-test", "codeChallengeMethod": "S256"}"#,
            "/codeChallengeMethod"
        ),
        (
            #"{"clientID": "google", "redirectURI": "https://oauth-redirect.googleusercontent.com/r/hearth-test", "scope": "x"}"#,
            "/scope"
        ),
        (#"{"clientID": 1, "redirectURI": "https://oauth-redirect.googleusercontent.com/r/hearth-test"}"#, "/clientID"),
    ])
    func anInvalidRequestIs422NamingTheMember(body: String, path: String) throws {
        let setup = try Setup()
        _ = try setup.store.createUser("alice")
        let answer = setup.mint("alice", body)
        #expect(answer.status == .unprocessableContent)
        #expect(answer.json?["error"]?.stringValue == "invalid")
        let paths = answer.json?["details"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
        #expect(
            paths.contains(path),
            "\(answer.json.map { String(decoding: JSONWriter.bytes($0), as: UTF8.self) } ?? "")"
        )
    }

    @Test func anUnknownUserIs404AndNothingIsMinted() throws {
        let setup = try Setup()
        let answer = setup.mint("nobody", Self.body)
        #expect(answer.status == .notFound)
        #expect(answer.json?["code"] == nil)
    }

    @Test func withoutOAuthClientsTheRouteAnswers404() throws {
        let setup = try Setup(appFlip: false)
        _ = try setup.store.createUser("alice")
        let answer = setup.mint("alice", Self.body)
        #expect(answer.status == .notFound)
        #expect(answer.json?["message"]?.stringValue?.contains("App Flip") == true)
    }

    @Test func anAPIKeyIsRequired() throws {
        let setup = try Setup()
        _ = try setup.store.createUser("alice")
        let response = setup.api.respond(
            to: Request(
                method: .post,
                target: "/v1/users/alice/authorization-codes",
                headerFields: [.contentType: "application/json"],
                body: Array(Self.body.utf8)
            )
        )
        #expect(response.status == .unauthorized)
    }
}
