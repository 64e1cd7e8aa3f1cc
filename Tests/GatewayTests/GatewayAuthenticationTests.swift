import Gateway
import Majordomo
import Testing
import ZeroMQ

/// The gateway's ZAP decisions and allow-list reloads, without sockets.
@Suite struct GatewayAuthenticationTests {
    private static let clientKey = try! CurveKeyPair.generate().publicKey
    private static let workerKey = try! CurveKeyPair.generate().publicKey
    private static let stranger = try! CurveKeyPair.generate().publicKey

    private static func lists(workerServices: String = "calc") throws -> AllowLists {
        AllowLists(
            clients: try AllowList(parsing: clientKey.z85, kind: .clients, source: "c"),
            workers: try AllowList(parsing: "\(workerKey.z85) \(workerServices)", kind: .workers, source: "w")
        )
    }

    private static func request(_ domain: String, _ key: CurveKey?) -> ZapRequest {
        let credentials = key.map { [$0.bytes] } ?? []
        let mechanism = key == nil ? "NULL" : "CURVE"
        let frames = [bytes("1.0"), bytes("7"), bytes(domain), bytes("127.0.0.1"), [], bytes(mechanism)] + credentials
        return ZapRequest(frames: frames)!
    }

    private static func core(_ lists: AllowLists) -> GatewayCore {
        GatewayCore(configuration: GatewayConfiguration(), allowLists: lists, now: .now)
    }

    @Test func listedKeysAreAcceptedWithTheirZ85AsUserID() throws {
        var core = Self.core(try Self.lists())
        let reply = core.authenticate(Self.request("clients", Self.clientKey))
        #expect(reply.status == .success)
        #expect(reply.userID == Self.clientKey.z85)
        #expect(reply.requestID == bytes("7"))
        #expect(core.authenticate(Self.request("workers", Self.workerKey)).status == .success)
    }

    @Test func unknownAndMissingKeysAreDeniedAndCounted() throws {
        var core = Self.core(try Self.lists())
        #expect(core.authenticate(Self.request("clients", Self.stranger)).status == .failure)
        #expect(core.authenticate(Self.request("clients", Self.workerKey)).status == .failure)
        #expect(core.authenticate(Self.request("workers", Self.clientKey)).status == .failure)
        #expect(core.authenticate(Self.request("workers", nil)).status == .failure)
        #expect(core.authentication.clientsDenied == 2)
        #expect(core.authentication.workersDenied == 2)
    }

    @Test func aSocketWithoutAListAcceptsAnyKey() throws {
        var core = Self.core(AllowLists(workers: try Self.lists().workers))
        #expect(core.authenticate(Self.request("clients", Self.stranger)).status == .success)
        #expect(core.authenticate(Self.request("workers", Self.stranger)).status == .failure)
    }

    @Test func unknownDomainIsDenied() {
        var core = Self.core(AllowLists())
        #expect(core.authenticate(Self.request("other", Self.stranger)).status == .failure)
    }

    @Test func workerKeyServesOnlyItsServices() throws {
        var core = Self.core(try Self.lists())
        let userID = Self.workerKey.z85
        var ignored: [GatewayOutput] = []
        core.receiveFromWorker(
            ZMQFrames([bytes("w1"), bytes("MDPW02"), [0x01], bytes("ledger")]),
            userID: userID,
            now: .now,
            into: &ignored
        )
        core.receiveFromWorker(
            ZMQFrames([bytes("w2"), bytes("MDPW02"), [0x01], bytes("calc")]),
            userID: userID,
            now: .now,
            into: &ignored
        )
        #expect(core.health.map(\.name) == ["calc"])
        #expect(core.counters.workersForbidden == 1)
    }

    /// The bridge's key is given room of its own in the client allow-list: its connection's requests (by their
    /// `User-Id`) are held to its limits, any other client's to the gateway's.
    @Test func aClientKeysOwnLimitsFollowItsConnections() throws {
        var configuration = GatewayConfiguration()
        configuration.broker.clientLimits = ClientLimits(rate: 0, maximumPending: 1)
        let lists = AllowLists(
            clients: try AllowList(parsing: "\(Self.clientKey.z85) pending=3", kind: .clients, source: "c")
        )
        var core = GatewayCore(configuration: configuration, allowLists: lists, now: .now)
        var outputs: [GatewayOutput] = []
        core.receiveFromWorker(
            ZMQFrames([bytes("w1"), bytes("MDPW02"), [0x01], bytes("calc")]),
            now: .now,
            into: &outputs
        )
        func send(_ client: String, userID: String?) {
            let frames = [bytes(client), bytes("MDPC02"), [0x01], bytes("calc"), bytes("{}")]
            core.receiveFromClient(ZMQFrames(frames), userID: userID, now: .now, into: &outputs)
        }
        for _ in 0..<4 { send("bridge", userID: Self.clientKey.z85) }
        for _ in 0..<2 { send("other", userID: nil) }
        #expect(core.counters.tooManyPending == 2, "the bridge's fourth and the other's second")
        #expect(core.health.first { $0.name == "calc" }.map { $0.queued + 1 } == 4, "one in flight, three queued")
    }

    @Test func failedReloadKeepsTheListsAndIsCounted() throws {
        let lists = try Self.lists()
        var core = Self.core(lists)
        #expect(core.replaceAllowLists(.failure(.unreadable(path: "x")), now: .now) == [])
        #expect(core.allowLists == lists)
        #expect(core.authentication.reloadFailures == 1)
    }

    @Test func reloadPurgesWorkersNoLongerAllowed() throws {
        var core = Self.core(try Self.lists())
        var ignored: [GatewayOutput] = []
        core.receiveFromWorker(
            ZMQFrames([bytes("w1"), bytes("MDPW02"), [0x01], bytes("calc")]),
            userID: Self.workerKey.z85,
            now: .now,
            into: &ignored
        )
        let outputs = core.replaceAllowLists(.success(try Self.lists(workerServices: "orders")), now: .now)
        #expect(outputs.contains(.toWorker(identity: ZMQRoutingID(bytes("w1")), message: .disconnect(.mdp02))))
        #expect(core.health.first?.workers == 0)
        #expect(core.authentication.reloads == 1)
        #expect(core.counters.workersRevoked == 1)
    }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
