import Testing

@testable import MatterModel

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
        0x0554: "WebRTC Transport Requestor", 0x0555: "Push AV Stream Transport", 0x0556: "Chime",
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

    /// `PushAVStreamTransport.xml`: `<clusterId id="0x0555" name="Push AV Stream Transport">` with
    /// `<provisionalConform/>`, `revision="1"`, `picsCode="PAVST"`; `SupportedFormats` (0x0000) a `list` of
    /// `<entry type="SupportedFormatStruct"/>` with `<minCount value="1"/>` and `persistence="fixed"`;
    /// `AllocatePushTransport` (0x00, `response="AllocatePushTransportResponse"`, `largeMessage="true"`,
    /// `invokePrivilege="manage"`) with one field, `TransportOptions` of `TransportOptionsStruct`.
    @Test func pushAVStreamTransportIsAsTheSpecificationWritesIt() throws {
        let push = try #require(MatterClusterDefinition.definition(id: 0x0555))
        #expect(push.name == "Push AV Stream Transport")
        #expect(push.revision == 1)
        #expect(push.conformance == .provisional)
        #expect(push.classification.picsCode == "PAVST")
        #expect(push.features.map(\.code) == ["PERZONESENS", "METADATA"])
        let formats = try #require(push.attribute(id: 0x0000))
        #expect(formats.name == "SupportedFormats")
        #expect(formats.type == .list(entry: "SupportedFormatStruct", constraint: nil))
        #expect(formats.constraint == .minCount(.integer(1)))
        #expect(formats.quality.persistence == .fixed)
        #expect(
            push.dataType(named: "SupportedFormatStruct")?.fields.map(\.name) == ["ContainerFormat", "IngestMethod"]
        )
        let allocate = try #require(push.command(named: "AllocatePushTransport"))
        #expect(allocate.id == 0x00)
        #expect(allocate.direction == .commandToServer)
        #expect(allocate.response == "AllocatePushTransportResponse")
        #expect(allocate.largeMessage)
        #expect(allocate.access.invokePrivilege == .manage)
        #expect(allocate.fields.map(\.name) == ["TransportOptions"])
        #expect(allocate.fields.map(\.type) == [.named("TransportOptionsStruct")])
        #expect(allocate.fields.map(\.conformance) == [.mandatory(nil)])
        #expect(push.command(named: "DeallocatePushTransport")?.response == "Y")
        #expect(
            push.event(named: "PushTransportBegin")?.fields.map(\.name) == [
                "ConnectionID", "TriggerType", "ActivationReason",
            ]
        )
    }

    /// `CMAFContainerOptionsStruct.ChunkDuration` is `<between><from value="0"/><to><compute><operation>divide
    /// </operation><left><field name="SegmentDuration"/></left><right value="2"/></compute></to></between>`.
    @Test func aComputedQuotientBoundIsCarried() throws {
        let push = try #require(MatterClusterDefinition.definition(id: 0x0555))
        let options = try #require(push.dataType(named: "CMAFContainerOptionsStruct"))
        let chunk = try #require(options.fields.first { $0.name == "ChunkDuration" })
        #expect(chunk.constraint == .between(.integer(0), .quotient(.reference("SegmentDuration"), .integer(2))))
    }

    /// Push AV's `TransportOptionsStruct` names types it does not define: `StreamUsageEnum` (a 1.5 global enum),
    /// `VideoStreamID` and `AudioStreamID` (`<number … type="uint16"/>` in `CameraAVStreamManagement.xml`), `ZoneID`
    /// (`TransportZoneOptionsStruct.Zone`; `uint16` in `ZoneManagement.xml`) and `TLSEndpointID`, which only
    /// `TLSClientManagement.xml` (not in the tables) defines, as `<number name="TLSEndpointID" type="uint16"/>`: the
    /// generator writes that one into Push AV's types, saying so. Every field, and `CurrentConnections`, resolves.
    @Test func pushAVsTypesFromOtherClustersResolve() throws {
        let push = try #require(MatterClusterDefinition.definition(id: 0x0555))
        for field in ["VideoStreamID", "AudioStreamID", "TLSEndpointID"] {
            let type = try #require(push.valueType(ofField: field, inStruct: "TransportOptionsStruct"), "\(field)")
            #expect(type.kind == .integer(bits: 16, signed: false), "\(field)")
        }
        #expect(push.valueType(ofField: "TLSEndpointID", inStruct: "TransportOptionsStruct")?.bounds.range == 0...65534)
        let usage = try #require(push.valueType(ofField: "StreamUsage", inStruct: "TransportOptionsStruct"))
        #expect(usage.name == "StreamUsageEnum")
        let zone = try #require(push.valueType(ofField: "Zone", inStruct: "TransportZoneOptionsStruct"))
        #expect(zone.kind == .integer(bits: 16, signed: false))
        #expect(zone.nullable)
        #expect(push.valueType(ofAttribute: "CurrentConnections") != nil)
        #expect(push.dataType(named: "TLSEndpointID") != nil)
        #expect(MatterClusterDefinition.definition(id: 0x0802) == nil, "TLS Client Management is not in the tables")
    }

    /// A Camera endpoint (`Camera.xml`: Camera AV Stream Management with `VDO`, `ADO` and `SNP`, and WebRTC
    /// Transport Provider, mandatory; Push AV Stream Transport optional) with the stream attributes that have no
    /// default, and Push AV.
    static func camera(pushAV: String) -> String {
        """
        {"id": "door-cam", "name": "Door camera", "endpoints": [{"deviceType": "Camera", "clusters": {
          "CameraAVStreamManagement": {"FeatureMap": 7, "MaxConcurrentEncoders": 1, "MaxEncodedPixelRate": 1000000,
            "VideoSensorParams": {"SensorWidth": 1920, "SensorHeight": 1080, "MaxFPS": 30},
            "MinViewportResolution": {"Width": 640, "Height": 480}, "RateDistortionTradeOffPoints": [],
            "MaxContentBufferSize": 1000000,
            "MicrophoneCapabilities": {"MaxNumberOfChannels": 1, "SupportedCodecs": [0],
              "SupportedSampleRates": [16000], "SupportedBitDepths": [16]},
            "SnapshotCapabilities": [], "MaxNetworkBandwidth": 1000000, "CurrentFrameRate": 30,
            "SupportedStreamUsages": [], "AllocatedVideoStreams": [], "AllocatedAudioStreams": [],
            "AllocatedSnapshotStreams": [], "StreamUsagePriorities": [],
            "Viewport": {"X1": 0, "Y1": 0, "X2": 1920, "Y2": 1080},
            "MicrophoneMuted": false, "MicrophoneVolumeLevel": 50, "MicrophoneMaxLevel": 254, "MicrophoneMinLevel": 0},
          "WebRTCTransportProvider": {"CurrentSessions": []},
          "PushAVStreamTransport": \(pushAV)}}]}
        """
    }

    /// A device file may name the cluster: `ClusterID(rawValue: "PushAVStreamTransport")`, and a Camera endpoint
    /// keeps it. `"PushAVStreamTransport": {}` is refused for what it lacks, not for its name: `SupportedFormats` is
    /// mandatory (`<mandatoryConform/>`, `<minCount value="1"/>`) and the XML gives it no default. With one format
    /// (`CMAF`, `CMAFIngest`, each item `value="0"`) and no connections, it parses.
    @Test func aDeviceFileCanNamePushAVStreamTransport() throws {
        let push = try #require(ClusterID(rawValue: "PushAVStreamTransport"))
        #expect(push == ClusterID(matterID: 0x0555))
        let error = try #require(throws: DeviceFileError.self) {
            try DeviceFile.parse(deviceFile(Self.camera(pushAV: "{}")))
        }
        #expect(error.field?.hasSuffix("PushAVStreamTransport.SupportedFormats") == true, "\(error)")
        let file = try DeviceFile.parse(
            deviceFile(
                Self.camera(
                    pushAV:
                        #"{"SupportedFormats": [{"ContainerFormat": 0, "IngestMethod": 0}], "CurrentConnections": []}"#
                )
            )
        )
        let device = try #require(file.users.first?.devices.first)
        let formats = try #require(device.endpoints.first?.clusters[push]?["SupportedFormats"]?.listValue)
        #expect(formats == [.structure(["ContainerFormat": .int(0), "IngestMethod": .int(0)])])
    }
}
