import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// `clusterTraits(for:)` answers from a set of clusters before it builds any offer: the shortcut must never hide a
/// trait, so for every cluster of the specification alone on an endpoint, and for every endpoint of every catalogue,
/// it answers what the full computation answers.
struct ClusterTraitsTests {
    @Test func theShortcutHidesNoTraitOfAnyEndpointInTheCatalogues() throws {
        let files = CatalogueValidationTests.catalogues.map(\.file)
        var endpoints = 0
        for file in files {
            for device in try DeviceFile.parse(file).users.flatMap(\.devices) {
                for endpoint in device.endpoints {
                    endpoints += 1
                    #expect(
                        DeviceTypeMapping.clusterTraits(for: endpoint)
                            == DeviceTypeMapping.everyClusterTrait(for: endpoint),
                        "\(device.id)"
                    )
                }
            }
        }
        #expect(endpoints > 50)
    }

    /// ``ModeOffer/hasUsableMode(_:)`` stops at the first usable source; it must answer what building every offer
    /// answers, for every endpoint of every catalogue.
    @Test func theModePresenceCheckAgreesWithTheOffers() throws {
        var withModes = 0
        for file in CatalogueValidationTests.catalogues.map(\.file) {
            for device in try DeviceFile.parse(file).users.flatMap(\.devices) {
                for endpoint in device.endpoints {
                    let offered = !ModeOffer.offers(of: endpoint).isEmpty
                    if offered { withModes += 1 }
                    #expect(ModeOffer.hasUsableMode(endpoint) == offered, "\(device.id)")
                }
            }
        }
        #expect(withModes > 5, "the catalogues have endpoints with modes to compare")
    }

    /// A cluster outside `traitClusters`, even with attributes the offers read, brings nothing.
    @Test func aClusterOutsideTheSetBringsNoTrait() {
        for id in MatterClusterDefinition.specification.map(\.id) {
            let cluster = ClusterID(matterID: id)
            guard !DeviceTypeMapping.traitClusters.contains(cluster) else { continue }
            let state = ClusterState([
                "SupportedModes": .list([
                    .structure(["Label": .string("A"), "Mode": .int(0), "ModeTags": .list([])]),
                    .structure(["Label": .string("B"), "Mode": .int(1), "ModeTags": .list([])]),
                ]),
                "CurrentMode": .int(0),
            ])
            let endpoint = Endpoint(deviceTypes: [.OnOffLight], clusters: [cluster: state])
            #expect(DeviceTypeMapping.everyClusterTrait(for: endpoint) == [], "\(cluster)")
        }
    }
}
