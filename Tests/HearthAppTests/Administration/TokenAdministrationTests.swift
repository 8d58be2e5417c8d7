import Foundation
import HearthApp
import HearthTestSupport
import Testing

/// `hearth token issue`'s work in the app layer: only for a user of an existing registry.
struct TokenAdministrationTests {
    @Test func aTokenNeedsTheDatabaseAndTheUser() throws {
        let scratch = try AdministrationScratch()
        defer { scratch.remove() }
        #expect(
            failureStatus { _ = try scratch.administration().tokens.issue(user: "demo-user", ttl: nil) } == .noInput
        )
        #expect(!FileManager.default.fileExists(atPath: scratch.database), "no database is left behind")

        try scratch.importExampleHome()
        let tokens = try scratch.administration().tokens
        #expect(failureStatus { _ = try tokens.issue(user: "nobody", ttl: 60) } == .noUser)
        let token = try tokens.issue(user: "demo-user", ttl: 60)
        #expect(token.count >= 40, "\(token)")
        #expect(try tokens.issue(user: "demo-user", ttl: nil) != token)
    }
}
