/// Secondary user verification challenge types (`challengeNeeded.type`).
public enum ChallengeType: String, Sendable, Hashable, CaseIterable {
    case ackNeeded
    case pinNeeded
    case challengeFailedPinNeeded
}
