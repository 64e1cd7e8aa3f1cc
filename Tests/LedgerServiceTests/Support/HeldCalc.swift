import LedgerService
import Synchronization
import Wire

/// calc in the tests' own process, each call held until the test lets calls through: ``arrivals`` yields each call's
/// op as it comes in, and ``letThrough(failing:)`` answers the held calls and every later one with calc's own answer,
/// or with `failing`, until ``hold()``. A test can then act while a call to calc is under way.
final class HeldCalc: CalcCalls {
    /// The op of each call, as it arrives.
    let arrivals: AsyncStream<String>
    private let arrived: AsyncStream<String>.Continuation
    private let calc: any CalcCalls
    private let gate = Mutex(Gate.closed([]))

    private enum Gate {
        case closed([CheckedContinuation<WireError?, Never>])
        case open(failing: WireError?)
    }

    /// Holds the calls it passes on to `calc`.
    init(_ calc: any CalcCalls) {
        self.calc = calc
        (arrivals, arrived) = AsyncStream.makeStream()
    }

    func call(_ op: String, args: JSONValue, timeout: Duration) async throws -> JSONValue {
        arrived.yield(op)
        if let error = await passage() { throw error }
        return try await calc.call(op, args: args, timeout: timeout)
    }

    /// From now on calls go through to calc, or fail with `failing` when it is given.
    func letThrough(failing: WireError? = nil) {
        let held: [CheckedContinuation<WireError?, Never>] = gate.withLock { gate in
            defer { gate = .open(failing: failing) }
            guard case .closed(let held) = gate else { return [] }
            return held
        }
        for call in held { call.resume(returning: failing) }
    }

    /// From now on calls are held again, until the next ``letThrough(failing:)``.
    func hold() {
        gate.withLock { gate in
            if case .open = gate { gate = .closed([]) }
        }
    }

    private func passage() async -> WireError? {
        await withCheckedContinuation { continuation in
            let now: WireError?? = gate.withLock { gate in
                switch gate {
                case .open(let failing): return .some(failing)
                case .closed(let held):
                    gate = .closed(held + [continuation])
                    return nil
                }
            }
            if let now { continuation.resume(returning: now) }
        }
    }
}
