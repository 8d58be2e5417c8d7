import HTTPMessages
import HTTPTypes
import Synchronization
import Testing

/// ``DeferredResponse/whenFinished(_:)``: every observer hears the final answer once, whenever it registered.
struct DeferredResponseObservationTests {
    /// What observers were told, in order (`nil`: abandoned).
    private final class Heard: Sendable {
        private let statuses = Mutex<[Int?]>([])
        var value: [Int?] { statuses.withLock { $0 } }
        func record(_ response: Response?) { statuses.withLock { $0.append(response?.status.code) } }
    }

    @Test func observersHearTheFirstAnswerOnce() {
        let answer = DeferredResponse()
        let heard = Heard()
        answer.whenFinished { heard.record($0) }
        answer.whenFinished { heard.record($0) }
        #expect(heard.value.isEmpty, "nothing before the answer")
        answer.complete(Response(status: .created))
        answer.complete(Response(status: .internalServerError))
        #expect(heard.value == [201, 201])
    }

    @Test func anObserverRegisteredAfterTheAnswerHearsItAtOnce() {
        let answer = DeferredResponse()
        answer.complete(Response(status: .accepted))
        let heard = Heard()
        answer.whenFinished { heard.record($0) }
        #expect(heard.value == [202])
    }

    @Test func anAbandonedAnswerIsHeardAsNilAndALateAnswerIsNot() {
        let answer = DeferredResponse()
        let heard = Heard()
        answer.whenFinished { heard.record($0) }
        _ = answer.suspended {}
        answer.abandon()
        answer.complete(Response(status: .ok))
        #expect(heard.value == [nil])
        let late = Heard()
        answer.whenFinished { late.record($0) }
        #expect(late.value == [nil])
    }
}
