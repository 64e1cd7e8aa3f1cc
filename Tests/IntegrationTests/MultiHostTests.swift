import Foundation
import ReckonClient
import Synchronization
import Testing
import Wire

extension HeavyLoadTests {
    /// Reckon on five hosts of this machine (network namespaces joined by a switch, `scripts/multihost.sh`): two
    /// gateways, PostgreSQL, and two worker hosts each running calc, orders and ledger registered with both
    /// gateways; this process is the client host. They need root: where network namespaces are not permitted they
    /// fail with the script's notice, never skip.
    @Suite struct MultiHostTests {
        /// Two clients of both gateways, one preferring each, and a mixed load through them on a new household.
        private func mixedLoad(_ hosts: MultiHost, rounds: Int) async throws -> MixedLoad {
            let clients = [try hosts.client(preferring: 0), try hosts.client(preferring: 1)]
            return MixedLoad(
                clients: clients,
                bills: try await BillLoad.forNewHousehold(through: clients[1]),
                rounds: rounds
            )
        }

        @Test func aMixedLoadThroughBothGatewaysLandsEveryResultOnce() async throws {
            try await MultiHost.with { hosts in
                let load = try await mixedLoad(hosts, rounds: 6)
                defer { load.clients.forEach { $0.close() } }
                let outcome = try await load.run()
                let replies = [try await hosts.stats(of: 0), try await hosts.stats(of: 1)].map {
                    $0["replies"]?.cellInt ?? 0
                }
                var served: [Int] = []
                for host in MultiHost.workerHosts { served.append(try await hosts.served(host, service: "calc")) }
                print(
                    "five hosts, mixed load through both gateways: \(outcome.counts); replies through gw-a "
                        + "\(replies[0]), gw-b \(replies[1]); sums answered by worker-1 \(served[0]), worker-2 \(served[1])"
                )
                #expect(outcome.counts.rounds == load.tasks * load.rounds)
                #expect(outcome.counts.sumsRight == outcome.counts.rounds, "sums failed: \(outcome.counts.sumsFailed)")
                #expect(outcome.counts.resends.isEmpty)
                #expect(replies.allSatisfy { $0 > 0 }, "a gateway answered nothing")
                #expect(served.allSatisfy { $0 > 0 }, "a worker host answered nothing")
                try await load.expectEveryResult(of: outcome, staffKey: hosts.staffKey)
            }
        }

        /// The cut is noticed by the heartbeats: each gateway expires worker-1's three connections (one per worker
        /// process) for silence, which its `stats.workersExpired` shows. How long that took is printed, not held to a
        /// bound: on a loaded machine the test's own polling can lag the gateway.
        @Test func aWorkerHostsLinkCutIsNoticedByHeartbeatsAndTheHostRejoinsByItself() async throws {
            try await MultiHost.with { hosts in
                let load = try await mixedLoad(hosts, rounds: 2)
                defer { load.clients.forEach { $0.close() } }
                let all = MultiHost.workerHosts.count * MultiHost.slots
                let timings = Mutex<(gone: [Duration], back: [Duration])>(([], []))
                let expired = Mutex<[Int]>([])
                let outcome = try await load.run {
                    let before = try await hosts.expiredWorkers()
                    try await hosts.cut("worker-1")
                    // Timed from the script's return, so its start-up (bash, slow on a loaded machine) is not counted.
                    let cut = ContinuousClock.now
                    // Until each gateway counts only worker-2's slots, then a second of load on worker-2 alone.
                    async let goneFromA = hosts.waitForWorkers(on: 0, count: all - MultiHost.slots, since: cut)
                    async let goneFromB = hosts.waitForWorkers(on: 1, count: all - MultiHost.slots, since: cut)
                    let gone = try await [goneFromA, goneFromB]
                    let after = try await hosts.expiredWorkers()
                    expired.withLock { $0 = zip(after, before).map { $0 - $1 } }
                    try await Task.sleep(for: .seconds(1))
                    let restored = ContinuousClock.now
                    try await hosts.restore("worker-1")
                    async let backOnA = hosts.waitForWorkers(on: 0, count: all, since: restored)
                    async let backOnB = hosts.waitForWorkers(on: 1, count: all, since: restored)
                    let back = try await [backOnA, backOnB]
                    timings.withLock { $0 = (gone, back) }
                }
                let (gone, back) = timings.withLock { $0 }
                let sums = try await sumsUntilServed(by: "worker-1", hosts, load.clients)
                // Three heartbeats of silence, plus one for the checking granularity: the gateway's expiry tick and
                // this test's health poll (every 20 ms) and its round trip.
                let expected = MultiHost.heartbeat * (MultiHost.liveness + 1)
                print(
                    "worker-1's link cut under load: gone from gw-a after \(milliseconds(gone[0])), gw-b after "
                        + "\(milliseconds(gone[1])) (expected within \(milliseconds(expected))); back on gw-a after "
                        + "\(milliseconds(back[0])), gw-b after \(milliseconds(back[1])) of the link's return; "
                        + "\(sums.map { "\($0) sums" } ?? "no sum") until it answered again; load: \(outcome.counts)"
                )
                let expiredCounts = expired.withLock { $0 }
                #expect(expiredCounts == [MultiHost.services.count, MultiHost.services.count], "\(expiredCounts)")
                #expect(sums != nil, "worker-1 answered no sum within 60 s of rejoining")
                try await load.expectEveryResult(of: outcome, staffKey: hosts.staffKey)
            }
        }

        /// Sends bursts of sums through `clients` until `host`'s calc worker has answered more than it had, for up to
        /// 60 s; returns how many sums that took, nil if it never did.
        private func sumsUntilServed(
            by host: String,
            _ hosts: MultiHost,
            _ clients: [ReckonClient]
        ) async throws
            -> Int?
        {
            let before = try await hosts.served(host, service: "calc")
            let deadline = ContinuousClock.now + .seconds(60)
            var sent = 0
            while ContinuousClock.now < deadline {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<16 {
                        group.addTask {
                            let value = try await clients[index % clients.count].call(
                                service: "calc",
                                op: "evaluate",
                                args: ["expression": .string("\(index)+1")]
                            )
                            #expect(value["value"]?.stringValue == String(index + 1))
                        }
                    }
                    try await group.waitForAll()
                }
                sent += 16
                if try await hosts.served(host, service: "calc") > before { return sent }
            }
            return nil
        }

        private func milliseconds(_ duration: Duration) -> String { "\(Int(duration / .milliseconds(1))) ms" }
    }
}
