import JSON
import Testing

@testable import SmartHomeProtocol

/// The media and camera guides: a missing trait every device of the type has is a problem, a missing trait the guide
/// requires "if applicable" or recommends is a warning (``GoogleVocabulary/guideTraits``).
struct SyncValidatorMediaGuideTests {
    static func device(_ type: String, _ traits: [String]) -> JSONObject {
        SyncValidatorGuideTraitsTests.device(type, traits)
    }

    static func problems(_ type: String, _ traits: [String]) -> [String] {
        SyncValidator.problems(in: device(type, traits)).map(\.message)
    }

    static func warnings(_ type: String, _ traits: [String]) -> [String] {
        SyncValidator.warnings(in: device(type, traits)).map(\.message)
    }

    static func ifApplicable(_ type: String, _ trait: String) -> String {
        "\(type)'s guide requires \(trait) if applicable to the device (\"required, if applicable to your device\"); "
            + "add it if the device has it"
    }

    /// Each guide's full "Required traits" list, as the guides give it: with all of them, no finding.
    static let guides: [(type: String, required: [String])] = [
        ("TV", ["AppSelector", "InputSelector", "MediaState", "OnOff", "TransportControl", "Volume"]),
        ("SETTOP", ["AppSelector", "InputSelector", "MediaState", "OnOff", "TransportControl", "Volume"]),
        ("STREAMING_BOX", ["AppSelector", "MediaState", "OnOff", "TransportControl", "Volume"]),
        ("STREAMING_STICK", ["AppSelector", "MediaState", "TransportControl", "Volume"]),
        ("STREAMING_SOUNDBAR", ["AppSelector", "MediaState", "OnOff", "TransportControl", "Volume"]),
        ("SOUNDBAR", ["MediaState", "OnOff", "TransportControl", "Volume"]),
        ("AUDIO_VIDEO_RECEIVER", ["InputSelector", "MediaState", "OnOff", "TransportControl", "Volume"]),
        ("SPEAKER", ["MediaState", "OnOff", "TransportControl", "Volume"]),
        ("REMOTECONTROL", ["AppSelector", "InputSelector", "MediaState", "OnOff", "TransportControl", "Volume"]),
        ("CAMERA", ["CameraStream"]),
    ]

    /// The split covers exactly each guide's required list: nothing invented, nothing dropped.
    @Test func theSplitIsTheGuidesRequiredList() throws {
        for guide in Self.guides {
            let entry = try #require(GoogleVocabulary.guideTraits[guide.type], "\(guide.type)")
            #expect((entry.required + entry.requiredIfApplicable).sorted() == guide.required, "\(guide.type)")
            #expect(Self.problems(guide.type, guide.required).isEmpty, "\(guide.type)")
            #expect(
                Self.warnings(guide.type, guide.required + entry.recommended).isEmpty,
                "\(guide.type): \(Self.warnings(guide.type, guide.required))"
            )
        }
    }

    /// A TV that cannot play media is a problem; one without apps, inputs or a speaker only a warning each.
    @Test func aTVWithoutAppsIsWarnedAndWithoutPlaybackIsAProblem() {
        let basic = ["OnOff", "MediaState", "TransportControl"]
        #expect(Self.problems("TV", basic).isEmpty)
        let warnings = Self.warnings("TV", basic)
        for trait in ["AppSelector", "InputSelector", "Volume"] {
            #expect(warnings.contains(Self.ifApplicable("TV", trait)), "\(warnings)")
        }
        for trait in ["Channel", "Modes", "Toggles"] {
            #expect(warnings.contains("TV's guide recommends \(trait)"), "\(warnings)")
        }
        #expect(
            Self.problems("TV", ["OnOff", "Volume"]).sorted()
                == ["MediaState", "TransportControl"].map {
                    "TV's guide requires \($0) (\"required, if applicable to your device\")"
                }
        )
    }

    /// A Matter speaker (volume and mute only) passes with warnings; a speaker without Volume is a problem.
    @Test func aVolumeOnlySpeakerPasses() {
        #expect(Self.problems("SPEAKER", ["Volume"]).isEmpty)
        #expect(
            Self.warnings("SPEAKER", ["Volume"]).sorted()
                == ["MediaState", "OnOff", "TransportControl"].map { Self.ifApplicable("SPEAKER", $0) }
        )
        #expect(Self.problems("SPEAKER", ["OnOff"]).contains { $0.hasPrefix("SPEAKER's guide requires Volume") })
    }

    /// The streaming stick's guide does not list OnOff: it is neither a problem nor a warning there.
    @Test func aStreamingStickNeedsNoOnOff() {
        let stick = ["AppSelector", "MediaState", "TransportControl", "Volume"]
        #expect(Self.problems("STREAMING_STICK", stick).isEmpty)
        #expect(Self.warnings("STREAMING_STICK", stick).isEmpty)
    }

    /// A receiver always has inputs and a volume: each missing one is a problem.
    @Test func aReceiverWithoutInputsIsAProblem() {
        let problems = Self.problems("AUDIO_VIDEO_RECEIVER", ["OnOff", "MediaState", "TransportControl"])
        #expect(problems.contains { $0.hasPrefix("AUDIO_VIDEO_RECEIVER's guide requires InputSelector") })
        #expect(problems.contains { $0.hasPrefix("AUDIO_VIDEO_RECEIVER's guide requires Volume") })
    }

    /// The DOORBELL guide requires nothing and recommends ObjectDetection and CameraStream.
    @Test func aDoorbellIsOnlyRecommendedAStream() {
        #expect(Self.problems("DOORBELL", ["ObjectDetection"]).isEmpty)
        #expect(Self.warnings("DOORBELL", ["ObjectDetection"]) == ["DOORBELL's guide recommends CameraStream"])
        #expect(Self.warnings("DOORBELL", ["ObjectDetection", "CameraStream"]).isEmpty)
    }

    @Test func aCameraWithoutAStreamIsAProblem() {
        #expect(
            Self.problems("CAMERA", ["ObjectDetection"])
                == ["CAMERA's guide requires CameraStream (\"required, if applicable to your device\")"]
        )
    }
}
