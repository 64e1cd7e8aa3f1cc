import ArgumentParser

/// The options every measuring command shares: the op's arguments, how long to warm up and measure, and output.
struct LoadOptions: ParsableArguments {
    @Option(
        help: "The op's arguments, a JSON object; repeatable, client i then sends the (i mod n)-th (not with --direct)."
    )
    var args: [String] = []

    @Option(help: "A ledger session token every request carries.")
    var token: String?

    @Option(
        help: """
            Text every reply must hold beside "ok":true, as compact JSON writes it (e.g. '"value":"2"'); repeatable. \
            Any other reply fails the run.
            """
    )
    var expect: [String] = []

    @Flag(
        help: """
            Every request carries an idempotency key of its own, as ReckonClient and reckon-http's Idempotency-Key \
            send it: the op stores each result to answer a repeat (through the gateway only).
            """
    )
    var idempotencyKeys = false

    /// What every request asks of `service`'s `op`, and what its reply must hold.
    func target(service: String, op: String) throws -> BenchTarget {
        try BenchTarget(
            service: service,
            op: op,
            arguments: argumentObjects,
            token: token,
            expect: expect,
            freshKeys: idempotencyKeys
        )
    }

    /// The argument objects given, `{}` when none.
    var argumentObjects: [String] { args.isEmpty ? ["{}"] : args }

    @Option(help: "How long each run measures: 10s, 500ms, 2m; a bare number is seconds. Default: 10s, 5s in compare.")
    var duration: TimeSpan?

    @Option(help: "Measure this many replies instead of a duration.")
    var requests: Int?

    @Option(
        help: """
            Warm-up before measuring, not recorded: a time (1s, 500ms) or a request count (1000); 0 skips it. \
            Default: 1s, or 1000 with --requests.
            """
    )
    var warmup: Budget?

    @Option(help: "Fail when no reply comes for this long while requests are in flight.")
    var stallTimeout = TimeSpan.seconds(10)

    @Flag(help: "Print the final figures as JSON on stdout.")
    var json = false

    @Flag(help: "No progress lines on stderr.")
    var quiet = false

    func validate() throws {
        guard duration == nil || requests == nil else {
            throw ValidationError("give --duration or --requests, not both")
        }
        if let requests, requests < 1 { throw ValidationError("--requests must be at least 1") }
        if let duration, duration.nanoseconds == 0 { throw ValidationError("--duration must be positive") }
    }

    /// The plan these options describe for `clients` on `path`.
    /// - Parameter defaultDuration: how long to measure when neither --duration nor --requests is given.
    func plan(path: String, clients: Int, defaultDuration: TimeSpan) -> LoadPlan {
        let measure = requests.map(Budget.replies) ?? .time(duration ?? defaultDuration)
        let defaultWarmup = requests == nil ? Budget.time(.seconds(1)) : .replies(1000)
        return LoadPlan(
            path: path,
            clients: clients,
            warmup: warmup ?? defaultWarmup,
            measure: measure,
            stallTimeout: stallTimeout,
            showsProgress: !quiet
        )
    }
}
