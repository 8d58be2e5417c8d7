import HTTPMessages
import HTTPTypes
import JSON
import MatterModel
import OAuth
import Registry

// `POST /v1/users/{u}/authorization-codes`: App Flip.

extension DeviceAPIResponder {
    /// The members `POST /v1/users/{u}/authorization-codes` takes.
    static let authorizationCodeKeys = ["clientID", "redirectURI", "codeChallenge", "codeChallengeMethod"]

    /// App Flip: the backend asks for an authorization code for a user signed in to the manufacturer's app, which
    /// hands it to the Google Home app; Google redeems it at `/oauth/token` like any code. The body
    /// `{"clientID", "redirectURI", "codeChallenge"?, "codeChallengeMethod"?}`: a configured OAuth client, one of its
    /// redirect URIs exactly, and an optional PKCE S256 challenge (`plain` is refused). Answers 201
    /// `{"code", "expiresIn"}`; 404 for an unknown user; 422 for a body that is not such a request.
    func postAuthorizationCode(_ request: Request, user: String) throws(APIError) -> Response {
        guard let appFlip else {
            throw APIError(.notFound, "App Flip is not available: no OAuth client is configured")
        }
        let object = try Self.jsonBody(request)
        try Self.refuseUnknownKeys(object, Self.authorizationCodeKeys)
        var details: [APIError.Detail] = []
        var values: [String: String] = [:]
        for key in Self.authorizationCodeKeys {
            guard let value = object[key] else {
                if key == "clientID" || key == "redirectURI" {
                    details.append(APIError.Detail(path: "/" + key, message: "is required"))
                }
                continue
            }
            guard let text = value.stringValue, !text.isEmpty, StoredText.isStorable(text) else {
                details.append(APIError.Detail(path: "/" + key, message: "must be a non-empty string"))
                continue
            }
            values[key] = text
        }
        guard details.isEmpty, let clientID = values["clientID"], let redirectURI = values["redirectURI"] else {
            throw APIError(.invalid, "the request is not valid", details: details)
        }
        let found: (devices: [Device], generation: Int64)?
        do { found = try store.devicesWithGeneration(forUser: user) } catch { throw storeFailure(error) }
        guard found != nil else { throw APIError(.notFound, "no user \"\(user)\"") }
        let minted: AppFlipCode
        do {
            minted = try appFlip.issue(
                forUser: user,
                clientID: clientID,
                redirectURI: redirectURI,
                codeChallenge: values["codeChallenge"],
                codeChallengeMethod: values["codeChallengeMethod"]
            )
        } catch {
            let path: String
            switch error.code {
            case .unavailable: throw APIError(.unavailable, error.message)
            case .unknownClient: path = "/clientID"
            case .redirectURINotAllowed: path = "/redirectURI"
            case .invalidCodeChallenge:
                path = values["codeChallenge"] == nil ? "/codeChallengeMethod" : "/codeChallenge"
            }
            throw APIError(.invalid, error.message, details: [APIError.Detail(path: path, message: error.message)])
        }
        return Self.json(
            .created,
            JSONObject([("code", .string(minted.code)), ("expiresIn", .int(minted.expiresIn))])
        )
    }
}
