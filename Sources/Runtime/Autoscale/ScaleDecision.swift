/// What a ``ServiceScaler`` asks its actuator to do.
public enum ScaleDecision: Sendable, Hashable {
    /// Start this many more processes (at least 1).
    case start(Int)
    /// Drain one process: it stops taking requests, finishes those it holds, then exits.
    case drainOne
}
