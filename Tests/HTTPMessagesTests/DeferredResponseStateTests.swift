import HTTPMessages
import HTTPTypes
import Synchronization
import Testing

/// ``DeferredResponse`` without a listener: who resumes the connection, and which answer the listener takes.
struct DeferredResponseStateTests {
    /// Counts how often the listener's resume closure ran.
    private final class Resumes: Sendable {
        private let count = Atomic<Int>(0)
        var value: Int { count.load(ordering: .acquiring) }
        func resume() { count.wrappingAdd(1, ordering: .releasing) }
    }

    @Test func completingASuspendedAnswerResumesOnceAndTheFirstAnswerWins() {
        let answer = DeferredResponse()
        let resumes = Resumes()
        let suspended = answer.suspended { resumes.resume() }
        #expect(suspended)
        answer.complete(Response(status: .created))
        answer.complete(Response(status: .internalServerError))
        #expect(resumes.value == 1)
        #expect(answer.take()?.status == .created)
        #expect(answer.take() == nil, "taken once")
    }

    @Test func anAnswerThatCameBeforeTheSuspensionIsNotSuspended() {
        let answer = DeferredResponse()
        answer.complete(Response(status: .ok))
        let resumes = Resumes()
        let suspended = answer.suspended { resumes.resume() }
        #expect(!suspended, "the listener resumes it itself")
        #expect(resumes.value == 0)
        #expect(answer.take()?.status == .ok)
    }

    @Test func abandoningResumesWithoutAnAnswerAndIgnoresALateOne() {
        let answer = DeferredResponse()
        let resumes = Resumes()
        let suspended = answer.suspended { resumes.resume() }
        #expect(suspended)
        answer.abandon()
        answer.complete(Response(status: .ok))
        #expect(resumes.value == 1)
        #expect(answer.take() == nil, "the listener sends its fallback")
    }

    @Test func deferredKeepsTheFallbackAndCarriesTheAnswer() {
        let answer = DeferredResponse()
        let response = Response.deferred(answer, ifAbandoned: Response(status: .serviceUnavailable))
        #expect(response.status == .serviceUnavailable)
        #expect(response.deferred === answer)
    }
}
