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

    /// The listener may suspend the connection while the observers are still being told (the answer came on another
    /// thread just before): it must wait, so that whoever reads the answer finds its log line already written.
    @Test func theListenerGetsTheAnswerOnlyAfterEveryObserverHeardIt() {
        let answer = DeferredResponse()
        let resumed = Mutex(0)
        let duringObservation = Mutex<(waits: Bool, taken: Int?)?>(nil)
        answer.whenFinished { _ in
            let waits = answer.suspended { resumed.withLock { $0 += 1 } }
            let taken = answer.take()?.status.code
            duringObservation.withLock { $0 = (waits, taken) }
        }
        answer.complete(Response(status: .accepted))
        let seen = duringObservation.withLock { $0 }
        #expect(seen?.waits == true, "a connection suspended while observers run waits for them")
        #expect(seen?.taken == nil, "the answer is not handed out before the observers are done")
        #expect(resumed.withLock { $0 } == 1, "the connection is resumed once the observers are done")
        #expect(answer.take()?.status.code == 202)
    }

    @Test func anAbandonWhileObserversAreToldLeavesTheAnswerStanding() {
        let answer = DeferredResponse()
        let heard = Heard()
        answer.whenFinished { response in
            answer.abandon()
            heard.record(response)
        }
        answer.complete(Response(status: .created))
        #expect(heard.value == [201])
        #expect(answer.suspended {} == false, "answered: the listener resumes at once")
        #expect(answer.take()?.status.code == 201)
    }
}
