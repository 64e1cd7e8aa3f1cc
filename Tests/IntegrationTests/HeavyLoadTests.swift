import Testing

/// The suites that load the machine (fuzzing, faults under 20 clients, failover under load): one at a time, so
/// none of them slows another past its bounds on two cores.
@Suite(.serialized) enum HeavyLoadTests {}
