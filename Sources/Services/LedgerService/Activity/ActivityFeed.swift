import Storage

/// How `activity.wait` hears of a household's changes, and `roommates.wait` of a user's ``Inbox``: a write wakes the
/// waits of its own process once it commits; on PostgreSQL it also sends `NOTIFY` on ``channel``, which
/// ``ActivityListener`` hears for the waits of every other worker, on any host. SQLite has no `NOTIFY`: there the
/// listener of each worker with waits under way reads the watched households' and users' change counters every
/// ``counterInterval``, for writes by the other workers on the machine: one query per process, whatever the number
/// of waits. All waits of one household (or user) share one signal.
public final class ActivityFeed: Sendable {
    /// The PostgreSQL channel; each notification's payload is a household id or a user id.
    static let channel = "reckon_activity"
    /// The SQL that announces the updated row's `id` on ``channel`` (PostgreSQL, in a `RETURNING`; delivered at
    /// commit).
    static let notifyRowID: SQL = "pg_notify(\(raw: "'\(channel)'"), id)"
    /// How often SQLite's counters are read while waits are under way.
    static let counterInterval = Duration.milliseconds(50)

    let signals = ChangeSignals()
    /// Signalled (on ``anyChangeKey``) by every change this process hears of, whatever its household or user: what
    /// the webhook relay waits on.
    public let anyChange = ChangeSignals()
    /// The one key of ``anyChange``.
    public static let anyChangeKey = "change"

    /// Wakes the waits on `key` (a household's or a user's id), and the webhook relay.
    func changed(_ key: String) {
        signals.signal(key)
        anyChange.signal(Self.anyChangeKey)
    }

    public init() {}

    /// The households and users with a wait under way in this process.
    public var watchedHouseholds: Int { signals.watchedKeys }

    /// Returns once a wait on `key` (a household's or a user's id) is under way in this process, or when the task is
    /// cancelled.
    public func waitArrives(on key: String) async { await signals.waiterArrives(key) }

    /// Hears other workers' changes until cancelled: by `LISTEN` when `database` can (PostgreSQL), else by reading
    /// the watched households' and users' counters.
    public func listen(to database: any Database) async {
        if let database = database as? any ChangeNotifying {
            let (signals, anyChange) = (signals, anyChange)
            await database.listen(on: Self.channel, received: changed) {
                signals.signalAll()
                anyChange.signalAll()
            }
        } else {
            await watchCounters(in: database)
        }
    }

    /// Signals each watched household whose counter moved since the last read, or that was not watched then (a
    /// wait that just began may have looked before a write its first read of the counter already includes).
    private func watchCounters(in database: any Database) async {
        var seen: [String: Int] = [:]
        while (try? await Task.sleep(for: Self.counterInterval)) != nil {
            let watched = signals.watchedKeyList
            guard !watched.isEmpty,
                let counters = try? await database.read({ db in try await ActivityLog.counters(of: watched, in: db) })
            else {
                seen = [:]
                continue
            }
            for (household, counter) in counters where seen[household] != counter { changed(household) }
            seen = counters
        }
    }
}
