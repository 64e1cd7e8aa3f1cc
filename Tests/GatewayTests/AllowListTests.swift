import Foundation
import Gateway
import Majordomo
import Testing
import ZeroMQ

/// The allow-list file format: keys, worker services, comments, and errors with line numbers.
@Suite struct AllowListTests {
    private static let alice = try! CurveKeyPair.generate().publicKey
    private static let bob = try! CurveKeyPair.generate().publicKey

    @Test func parsesWorkerKeysWithServicesAndNames() throws {
        let text = """
            # workers
            \(Self.alice.z85)  calc,orders   # build host 1

            \(Self.bob.z85) ledger, orders
            """
        let list = try AllowList(parsing: text, kind: .workers, source: "w")
        #expect(list.entries.count == 2)
        #expect(list.entry(for: Self.alice)?.services == ["calc", "orders"])
        #expect(list.entry(for: Self.alice)?.name == "build host 1")
        #expect(list.entry(for: Self.bob)?.services == ["ledger", "orders"])
        #expect(list.entry(for: Self.bob)?.name == nil)
    }

    @Test func parsesClientKeysWithCRLFLineEnds() throws {
        let text = "\(Self.alice.z85) # alice\r\n\(Self.bob.z85)\r\n"
        let list = try AllowList(parsing: text, kind: .clients, source: "c")
        #expect(Set(list.entries.keys) == [Self.alice, Self.bob])
        #expect(list.entry(for: Self.alice)?.name == "alice")
    }

    @Test func aClientKeyMayHaveLimitsOfItsOwnOverTheGatewaysDefaults() throws {
        let text = "\(Self.alice.z85) rate=20000 pending=10000 pending-bytes=0  # reckon-http\n\(Self.bob.z85)\n"
        let lists = AllowLists(clients: try AllowList(parsing: text, kind: .clients, source: "c"))
        #expect(lists.clients?.entry(for: Self.alice)?.name == "reckon-http")
        let defaults = ClientLimits(rate: 5000, burst: 10_000, maximumPending: 1000, maximumPendingBytes: 8 << 20)
        let own = try #require(lists.ownClientLimits(defaults: defaults)[Self.alice.z85])
        #expect(own == ClientLimits(rate: 20_000, burst: 10_000, maximumPending: 10_000, maximumPendingBytes: 0))
        #expect(lists.ownClientLimits(defaults: defaults)[Self.bob.z85] == nil)
    }

    @Test func hashInsideAKeyIsNotAComment() throws {
        let key = try CurveKey(z85: "0000000000000000000#00000000000000000000")
        let list = try AllowList(parsing: "\(key.z85) calc", kind: .workers, source: "w")
        #expect(list.entry(for: key)?.services == ["calc"])
    }

    @Test func emptyListAllowsNobody() throws {
        let list = try AllowList(parsing: "# nobody yet\n\n", kind: .clients, source: "c")
        #expect(list.entries.isEmpty)
        #expect(list.entry(for: Self.alice) == nil)
    }

    @Test(arguments: [
        ("calc", AllowList.Kind.workers, 2, "not a 40-character Z85 CURVE key"),
        ("ALICE", .workers, 2, "needs the services"),
        ("ALICE calc,,orders", .workers, 2, "separated by commas"),
        ("ALICE calc orders", .workers, 2, "separated by commas"),
        ("ALICE calc", .clients, 2, "one key, limits as name=value"),
        ("ALICE speed=3", .clients, 2, "unknown client limit speed"),
        ("ALICE pending=-1", .clients, 2, "pending must be a whole number >= 0"),
        ("ALICE burst=0", .clients, 2, "burst must be a whole number > 0"),
        ("ALICE\nALICE", .clients, 3, "already listed on line 2"),
    ])
    func refusesBadLinesNamingFileAndLine(_ line: String, _ kind: AllowList.Kind, _ number: Int, _ reason: String) {
        let text = "# header\n" + line.replacingOccurrences(of: "ALICE", with: Self.alice.z85)
        let error = #expect(throws: AllowListError.self) { try AllowList(parsing: text, kind: kind, source: "f.txt") }
        let description = error.map(String.init(describing:)) ?? ""
        #expect(description.hasPrefix("f.txt:\(number): "), "\(description)")
        #expect(description.contains(reason), "\(description)")
    }

    @Test func missingFileIsUnreadable() {
        let path = "/nonexistent/reckon-allow-\(UUID().uuidString)"
        #expect(throws: AllowListError.unreadable(path: path)) { try AllowListFiles(workers: path).load() }
    }

    @Test func noFilesMeanNoLists() throws {
        #expect(try AllowListFiles().load().isEmpty)
    }
}
