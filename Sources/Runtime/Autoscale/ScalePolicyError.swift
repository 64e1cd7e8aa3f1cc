/// Why a ``ScalePolicy`` was refused.
public enum ScalePolicyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The minimum is below 0.
    case negativeMinimum(Int)
    /// The maximum is below 1.
    case maximumBelowOne(Int)
    /// The minimum is above the maximum.
    case minimumAboveMaximum(minimum: Int, maximum: Int)
    /// The slots per process are below 1.
    case slotsPerProcessBelowOne(Int)
    /// The target utilisation is not in (0, 1].
    case targetUtilisationOutOfRange(Double)
    /// The wait bound is not above zero.
    case waitBoundNotPositive(Duration)
    /// The quiet wait is below zero or above the wait bound.
    case quietWaitOutOfRange(Duration)
    /// The up window or the stabilisation window is below zero.
    case negativeWindow(Duration)

    /// The reason, for a log line or an error message.
    public var description: String {
        switch self {
        case .negativeMinimum(let minimum): "minimum \(minimum) is below 0"
        case .maximumBelowOne(let maximum): "maximum \(maximum) is below 1"
        case .minimumAboveMaximum(let minimum, let maximum): "minimum \(minimum) is above maximum \(maximum)"
        case .slotsPerProcessBelowOne(let slots): "slots per process \(slots) is below 1"
        case .targetUtilisationOutOfRange(let target): "target utilisation \(target) is not in (0, 1]"
        case .waitBoundNotPositive(let bound): "wait bound \(bound) is not above zero"
        case .quietWaitOutOfRange(let wait): "quiet wait \(wait) is not between zero and the wait bound"
        case .negativeWindow(let window): "window \(window) is below zero"
        }
    }
}
