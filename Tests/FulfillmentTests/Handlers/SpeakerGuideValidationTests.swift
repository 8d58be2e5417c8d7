import Foundation
import Fulfillment
import HearthTestSupport
import MatterModel
import SmartHomeProtocol
import Testing

/// `hearth devices validate` on a speaker: Google's speaker guide requires MediaState, OnOff, TransportControl and
/// Volume "if applicable to your device". A Matter Speaker always has its volume (Level Control), so a speaker
/// without Volume is a problem; the other three it can only have with parts Matter's Speaker device type does not
/// include, so validation names each as a warning.
struct SpeakerGuideValidationTests {
    @Test func theExampleSpeakerIsToldWhatTheGuideAsks() throws {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("devices.json").path))
        let file = try DeviceFile.parse(Array(data))
        let speaker = try #require(file.users.flatMap(\.devices).first { $0.id == "patio-speaker" })
        let validation = DeviceValidation(device: speaker, willReportState: true)
        #expect(validation.passes, "\(validation.problems)")
        for trait in ["MediaState", "OnOff", "TransportControl"] {
            #expect(
                validation.warnings.contains {
                    $0.message.hasPrefix("SPEAKER's guide requires \(trait) if applicable")
                },
                "\(trait): \(validation.warnings)"
            )
        }
        #expect(!validation.warnings.contains { $0.message.contains("requires Volume") })
    }
}
