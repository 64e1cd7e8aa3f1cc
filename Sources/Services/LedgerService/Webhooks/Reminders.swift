import Dates
import LedgerAPI
import Storage
import Webhooks

/// The reminders webhooks carry besides the changes: stock in the cupboard whose best-before is tomorrow or earlier
/// (`stock.expiring`), stock to restock with less left than one restock's worth (`stock.low`), and repeating bills
/// with a bill due tomorrow (`recurring.due`). Each worker's background turn looks for them in the households with an
/// active webhook that wants them, and records each in the household's activity log, so it is an event like any
/// other, once per household, kind and day: the day's row in `ledger_reminders` is claimed in the same transaction
/// as the entry, so of several workers only one records it.
struct Reminders: Sendable {
    /// The reminders' activity actions (and event types).
    static let kinds = ["stock.expiring", "stock.low", "recurring.due"]
    /// The user id a reminder is recorded as: Reckon itself, not a member.
    static let author = "reckon"

    let activity: ActivityLog
    let due: RecurringBills
    private let inventory = InventoryStore()

    init(activity: ActivityLog, due: RecurringBills) {
        self.activity = activity
        self.due = due
    }

    /// What a reminder's activity entry holds as `after`: the day it is about, and what is due then.
    struct Due<Item: Encodable & Sendable>: Encodable, Sendable {
        let date: String
        let items: [Item]
    }

    /// Records today's reminders not yet recorded; returns how many this call recorded.
    /// - Throws: ``Storage/StorageError``.
    func record(on today: CivilDate, in database: any Database) async throws -> Int {
        let subscriptions = try await database.read { db in try await LedgerWebhooks.store.active(in: db) }
        let households = Dictionary(grouping: subscriptions, by: \.scope)
        var recorded = 0
        for (household, subscriptions) in households.sorted(by: { $0.key < $1.key }) {
            for kind in Self.kinds where subscriptions.contains(where: { $0.wants(kind) }) {
                let after = try await database.read { db in try await self.due(kind, household, today, in: db) }
                guard let after else { continue }
                recorded += try await database.write { db in
                    let claimed = try await db.query(
                        """
                        INSERT INTO ledger_reminders (household_id, kind, day) VALUES (\(household), \(kind), \(today.iso))
                        ON CONFLICT (household_id, kind, day) DO NOTHING RETURNING household_id
                        """
                    )
                    guard !claimed.isEmpty else { return 0 }
                    try await activity.record(
                        .init(
                            action: kind,
                            entity: String(kind.prefix { $0 != "." }),
                            entityID: household,
                            before: nil,
                            after: after
                        ),
                        household: household,
                        userID: Self.author,
                        in: db
                    )
                    return 1
                }
            }
        }
        return recorded
    }

    /// What is due for `kind` in `household`, as its entry's `after`, or nil when nothing is.
    private func due(
        _ kind: String,
        _ household: String,
        _ today: CivilDate,
        in db: any SQLExecutor
    ) async throws -> (any Encodable & Sendable)? {
        let tomorrow = today.adding(days: 1)
        switch kind {
        case "stock.expiring":
            let lines = try await inventory.list(household, location: nil, dueBy: tomorrow.iso, in: db)
            let items = lines.map { line in
                line.view(daysLeft: line.bestBefore.flatMap(CivilDate.init(iso:)).map(today.days(to:)))
            }
            return items.isEmpty ? nil : Due(date: tomorrow.iso, items: items)
        case "stock.low":
            let lines = try await inventory.list(household, location: nil, dueBy: nil, in: db).filter { line in
                line.restock && line.restockQuantity.map { line.quantity < $0 } == true
            }
            return lines.isEmpty ? nil : Due(date: today.iso, items: lines.map { $0.view() })
        default:
            let rules = try await due.recurring.active(in: db).filter { rule in
                try rule.householdID == household && due.dueDates(rule, through: tomorrow.iso).contains(tomorrow.iso)
            }
            return rules.isEmpty ? nil : Due(date: tomorrow.iso, items: rules.map(\.view))
        }
    }
}
