import MatterModel
import Testing

/// The Matter 1.5 camera device types and clusters the generator takes from `data_model/1.5/` (the ones Matter 1.4
/// lacks), against facts quoted from those files of `project-chip/connectedhomeip`.
struct Matter15CameraDataModelTests {
    /// The device types taken from `data_model/1.5/device_types/`, by id, as each file's `<deviceType id name>`
    /// writes them. Chime (0x0146) and Floodlight Camera (0x0144) are not in the index the files were copied from.
    static let matter15DeviceTypes: [Int: String] = [
        0x0141: "Audio Doorbell", 0x0142: "Camera", 0x0143: "Video Doorbell", 0x0145: "Snapshot Camera",
        0x0148: "Doorbell",
    ]

    /// The clusters taken from `data_model/1.5/clusters/`, by id, as each file's `<clusterId id name>` writes them.
    static let matter15Clusters: [Int: String] = [
        0x0550: "Zone Management", 0x0551: "Camera AV Stream Management", 0x0553: "WebRTC Transport Provider",
        0x0554: "WebRTC Transport Requestor", 0x0556: "Chime",
    ]

    @Test func theMatter15DeviceTypesAreInTheTableByTheirNames() throws {
        for (id, name) in Self.matter15DeviceTypes {
            let definition = try #require(MatterDeviceTypeDefinition.definition(id: id), "0x\(String(id, radix: 16))")
            #expect(definition.name == name)
            #expect(definition.revision == 1, "\(name): `revision=\"1\"`, the initial release")
        }
    }

    @Test func theMatter15ClustersAreInTheTableByTheirNames() throws {
        for (id, name) in Self.matter15Clusters {
            let definition = try #require(MatterClusterDefinition.definition(id: id), "0x\(String(id, radix: 16))")
            #expect(definition.name == name)
            #expect(definition.classification.hierarchy == .base)
        }
    }

    /// `Camera.xml`: `id="0x0142" name="Camera"`; `<mandatoryConform/>` on Camera AV Stream Management (0x0551,
    /// server, with `<feature code="VDO">`, `ADO` and `SNP` each `<mandatoryConform/>`) and WebRTC Transport
    /// Provider (0x0553, server), and on WebRTC Transport Requestor as a *client* (0x0554); Zone Management (0x0550),
    /// Camera AV Settings User Level Management (0x0552) and Push AV Stream Transport (0x0555) are optional servers.
    @Test func aCameraRequiresStreamsAndWebRTC() throws {
        let camera = try #require(MatterDeviceTypeDefinition.definition(id: 0x0142))
        #expect(camera.deviceClass == "simple")
        #expect(camera.scope == "endpoint")
        #expect(camera.mandatoryClusters(.server).map(\.id) == [0x0551, 0x0553])
        #expect(camera.mandatoryClusters(.client).map(\.id) == [0x0554])
        let streams = try #require(camera.clusters.first { $0.id == 0x0551 })
        #expect(streams.features.map(\.code) == ["VDO", "ADO", "SNP"])
        #expect(streams.features.allSatisfy { $0.conformance == .mandatory(nil) && $0.name.isEmpty })
        for id in [0x0550, 0x0552, 0x0555] {
            let cluster = try #require(camera.clusters.first { $0.id == id && $0.side == .server })
            #expect(cluster.conformance == .optional(nil), "0x\(String(id, radix: 16))")
        }
        #expect(DeviceType.Camera.definition?.name == "Camera")
    }

    /// What a device file's Camera must have now comes from the table: the mandatory server clusters but the
    /// interaction clusters. `SnapshotCamera.xml` makes Power Source (0x002F) and Camera AV Stream Management
    /// mandatory; `AudioDoorbell.xml` Identify, Switch (0x003B), Camera AV Stream Management and WebRTC Transport
    /// Provider.
    @Test func theCameraTypesRequireTheSpecificationsClusters() {
        #expect(DeviceType.Camera.requiredClusters == [.CameraAvStreamManagement, .WebRtcTransportProvider])
        #expect(DeviceType.SnapshotCamera.requiredClusters == [ClusterID(matterID: 0x002F), .CameraAvStreamManagement])
        #expect(
            DeviceType.AudioDoorbell.requiredClusters
                == [ClusterID(matterID: 0x003B), .CameraAvStreamManagement, .WebRtcTransportProvider]
        )
    }

    /// `VideoDoorbell.xml` lists no cluster: the Video Doorbell is composed of a Camera and a Doorbell. `Doorbell.xml`
    /// is `superset="Generic Switch"`, Switch (0x003B) with `<feature code="MS">` mandatory, Chime (0x0556) a
    /// mandatory client; `AudioDoorbell.xml` is `superset="Doorbell"`.
    @Test func theDoorbellsAreAsTheSpecificationWritesThem() throws {
        let video = try #require(MatterDeviceTypeDefinition.definition(id: 0x0143))
        #expect(video.clusters.isEmpty)
        let doorbell = try #require(MatterDeviceTypeDefinition.definition(id: 0x0148))
        #expect(doorbell.superset == "Generic Switch")
        let switchCluster = try #require(doorbell.clusters.first { $0.id == 0x003B })
        #expect(switchCluster.features == [.init(code: "MS", name: "", conformance: .mandatory(nil))])
        #expect(doorbell.mandatoryClusters(.client).map(\.id) == [0x0556])
        #expect(MatterDeviceTypeDefinition.definition(id: 0x0141)?.superset == "Doorbell")
    }

    /// `ZoneManagement.xml`: `MaxZones` (0x0001) is a `uint8`, `Zones` (0x0002) a `list` of `ZoneInformationStruct`;
    /// the `ZoneTriggered` event (0x00, `priority="info"`) carries `Zone` (`ZoneID`) and `Reason`
    /// (`ZoneEventTriggeredReasonEnum`), whose only item is `value="0" name="Motion"`: a Matter camera reports motion
    /// in a zone, nothing it classified.
    @Test func zoneManagementReportsMotionOnly() throws {
        let zones = try #require(MatterClusterDefinition.definition(id: 0x0550))
        #expect(zones.attribute(named: "MaxZones")?.type == .named("uint8"))
        #expect(zones.attribute(id: 0x0002)?.name == "Zones")
        #expect(zones.attribute(named: "Zones")?.type == .list(entry: "ZoneInformationStruct", constraint: nil))
        let triggered = try #require(zones.event(named: "ZoneTriggered"))
        #expect(triggered.id == 0x00)
        #expect(triggered.priority == .info)
        #expect(triggered.fields.map(\.name) == ["Zone", "Reason"])
        #expect(triggered.fields.map(\.type) == [.named("ZoneID"), .named("ZoneEventTriggeredReasonEnum")])
        let reasons = try #require(zones.dataType(named: "ZoneEventTriggeredReasonEnum"))
        #expect(reasons.items.map(\.name) == ["Motion"])
        #expect(reasons.items.map(\.value) == [0])
    }

    /// `ZoneManagement.xml`'s `TwoDCartesianZone` field is
    /// `<mandatoryConform><andTerm><feature name="TWODCART"/><equalTerm><field name="ZoneType"/><enum
    /// name="ZoneTypeEnum" value="TwoDCARTZone"/></equalTerm></andTerm></mandatoryConform>`.
    @Test func aComparisonWithAnEnumValueIsCarried() throws {
        let zones = try #require(MatterClusterDefinition.definition(id: 0x0550))
        let information = try #require(zones.dataType(named: "ZoneInformationStruct"))
        let field = try #require(information.fields.first { $0.name == "TwoDCartesianZone" })
        #expect(
            field.conformance
                == .mandatory(
                    .all([
                        .feature("TWODCART"),
                        .equal(.field("ZoneType"), .enumValue(type: "ZoneTypeEnum", value: "TwoDCARTZone")),
                    ])
                )
        )
    }

    /// `CameraAVStreamManagement.xml`: features `bit="0" code="ADO"`, `bit="1" code="VDO"`, `bit="2" code="SNP"`;
    /// `MaxContentBufferSize` (0x0006) a mandatory `uint32`; `CaptureSnapshot` (0x0C) with
    /// `<quality largeMessage="true"/>`; `SnapshotCapabilitiesStruct.RequiresHardwareEncoder` mandatory when
    /// `<equalTerm><field name="RequiresEncodedPixels"/><literal value="true"/></equalTerm>`.
    @Test func cameraAVStreamManagementIsAsTheSpecificationWritesIt() throws {
        let streams = try #require(MatterClusterDefinition.definition(id: 0x0551))
        #expect(streams.features.prefix(3).map(\.code) == ["ADO", "VDO", "SNP"])
        #expect(streams.features.prefix(3).map(\.bit) == [0, 1, 2])
        let buffer = try #require(streams.attribute(id: 0x0006))
        #expect(buffer.name == "MaxContentBufferSize")
        #expect(buffer.type == .named("uint32"))
        #expect(buffer.conformance == .mandatory(nil))
        let capture = try #require(streams.command(named: "CaptureSnapshot"))
        #expect(capture.id == 0x0C)
        #expect(capture.largeMessage)
        #expect(streams.command(named: "VideoStreamAllocate")?.largeMessage == false)
        let capabilities = try #require(streams.dataType(named: "SnapshotCapabilitiesStruct"))
        let encoder = try #require(capabilities.fields.first { $0.name == "RequiresHardwareEncoder" })
        #expect(encoder.conformance == .mandatory(.equal(.field("RequiresEncodedPixels"), .booleanLiteral(true))))
    }

    /// `WebRTC_Provider.xml`: `SolicitOfferResponse`'s `VideoStreamID` is
    /// `<mandatoryConform><command name="SolicitOffer"><field name="VideoStreamID"/></command></mandatoryConform>`.
    @Test func aResponseFieldFollowsTheRequestsField() throws {
        let provider = try #require(MatterClusterDefinition.definition(id: 0x0553))
        let response = try #require(provider.command(named: "SolicitOfferResponse"))
        #expect(response.direction == .responseFromServer)
        let video = try #require(response.fields.first { $0.name == "VideoStreamID" })
        #expect(video.conformance == .mandatory(.commandField(command: "SolicitOffer", field: "VideoStreamID")))
    }
}
