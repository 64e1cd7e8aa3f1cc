/// What one measured run does: how many clients, and how long it warms up and measures.
struct LoadPlan: Sendable {
    /// The path measured, `gateway` or `direct`; reports and progress lines name it.
    var path: String
    /// Concurrent clients, each with exactly one request in flight.
    var clients: Int
    /// Warm-up before measuring; its replies are not recorded.
    var warmup: Budget
    /// The measured phase.
    var measure: Budget
    /// A run fails when no reply arrives for this long while requests are in flight.
    var stallTimeout: TimeSpan
    /// Whether a progress line goes to stderr once a second.
    var showsProgress: Bool

    /// The same plan for another path or client count.
    func with(path: String, clients: Int) -> LoadPlan {
        var plan = self
        plan.path = path
        plan.clients = clients
        return plan
    }
}
