import Foundation
import Testing
import Wire

@testable import LedgerService

/// Password hashing on its own bounded pool: past its threads and queue a request is refused at once.
@Suite struct HashingPoolTests {
    @Test func aFullPoolRefusesAtOnceAndServesAgainOnceFree() async throws {
        let pool = HashingPool(threads: 1, maximumWaiting: 1)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        async let first = pool.run { () -> Int in
            started.signal()
            release.wait()
            return 1
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                started.wait()
                continuation.resume()
            }
        }
        async let second = pool.run { 2 }
        // The second waits in the queue; wait until the pool says so, then the third finds it full.
        await Self.until { pool.waitingCount == 1 }
        do {
            _ = try await pool.run { 3 }
            Issue.record("a full pool ran a third job")
        } catch let error as WireError {
            #expect(error.code == .resourceExhausted && error.retryAfterSeconds == 1)
        }
        release.signal()
        #expect(try await first == 1)
        #expect(try await second == 2)
        #expect(try await pool.run { 4 } == 4)
    }

    @Test func hashesAreMadeAndCheckedOnThePool() async throws {
        let pool = HashingPool(threads: 1, maximumWaiting: 0)
        let hash = try await pool.hashNew("correct horse", field: "password", with: .minimal)
        #expect(try await pool.verify("correct horse", against: hash, with: .minimal))
        #expect(try await !pool.verify("wrong guess", against: hash, with: .minimal))
    }

    /// Yields until `condition` holds: the pool's queue is filled by another task.
    private static func until(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }
}
