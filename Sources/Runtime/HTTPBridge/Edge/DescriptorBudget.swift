#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The descriptors the bridge may spend on connections. A process out of descriptors does not just refuse
/// connections: libdispatch, under Swift's concurrency on Linux, opens `/proc/<tid>/stat` to watch its worker
/// threads and traps when that `open` fails (docs/decisions.md, "reckon-http never runs out of descriptors").
/// So connections are capped below the limit, with a reserve kept for everything else.
public enum DescriptorBudget {
    /// Raises the soft descriptor limit to the hard one, and returns how many connections fit under it with a
    /// reserve kept free (an eighth of the limit, and at least 64), `wanted` at most, beside the limit itself.
    public static func connections(wanted: Int) -> (connections: Int, limit: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return (wanted, 0) }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let descriptors = Int(clamping: limit.rlim_cur)
        let reserve = max(64, descriptors / 8)
        return (max(1, min(wanted, descriptors - reserve)), descriptors)
    }
}
