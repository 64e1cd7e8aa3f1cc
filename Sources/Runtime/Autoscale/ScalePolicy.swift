/// How one service's worker processes are scaled: the bounds, the utilisation aimed at, and how long a change in
/// the load must last before the ``ServiceScaler`` acts on it. Checked when made, so a policy is always valid.
public struct ScalePolicy: Sendable, Hashable {
    /// The fewest processes; 0 lets the service scale to zero (its first request then starts one).
    public let minimum: Int
    /// The most processes (at least 1).
    public let maximum: Int
    /// The slots each process registers (its `--slots`).
    public let slotsPerProcess: Int
    /// The share of the slots the requests should hold, in (0, 1] (default 0.7): the headroom absorbs bursts
    /// while new processes start.
    public let targetUtilisation: Double
    /// A queue wait above it scales up at once (default 50 ms): the window's p90, or what the queue projects.
    public let waitBound: Duration
    /// The span over which utilisation, averaged over the observations in it, must be above ``targetUtilisation``
    /// for a scale-up (default 10 s).
    public let upWindow: Duration
    /// How long the need must stay below the processes running before one is drained, and the least time between
    /// a change (a start or a drain) and the next drain (default 60 s).
    public let stabilisation: Duration
    /// A queue-wait p90 at or below it counts as no wait (default 1 ms): a request dispatched at once still waits a
    /// few microseconds, and the gateway's quantiles may read up to 12.5 % high. A window in which requests waited
    /// longer counts as need, and blocks a scale-down.
    public let quietWait: Duration

    /// A policy; throws when a bound or a window is out of range.
    public init(
        minimum: Int,
        maximum: Int,
        slotsPerProcess: Int,
        targetUtilisation: Double = 0.7,
        waitBound: Duration = .milliseconds(50),
        upWindow: Duration = .seconds(10),
        stabilisation: Duration = .seconds(60),
        quietWait: Duration = .milliseconds(1)
    ) throws(ScalePolicyError) {
        guard minimum >= 0 else { throw .negativeMinimum(minimum) }
        guard maximum >= 1 else { throw .maximumBelowOne(maximum) }
        guard minimum <= maximum else { throw .minimumAboveMaximum(minimum: minimum, maximum: maximum) }
        guard slotsPerProcess >= 1 else { throw .slotsPerProcessBelowOne(slotsPerProcess) }
        guard targetUtilisation > 0, targetUtilisation <= 1 else {
            throw .targetUtilisationOutOfRange(targetUtilisation)
        }
        guard waitBound > .zero else { throw .waitBoundNotPositive(waitBound) }
        guard quietWait >= .zero, quietWait <= waitBound else { throw .quietWaitOutOfRange(quietWait) }
        guard upWindow >= .zero else { throw .negativeWindow(upWindow) }
        guard stabilisation >= .zero else { throw .negativeWindow(stabilisation) }
        self.minimum = minimum
        self.maximum = maximum
        self.slotsPerProcess = slotsPerProcess
        self.targetUtilisation = targetUtilisation
        self.waitBound = waitBound
        self.upWindow = upWindow
        self.stabilisation = stabilisation
        self.quietWait = quietWait
    }
}
