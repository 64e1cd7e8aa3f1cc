import Foundation
import LedgerAPI
import Money
import Storage
import Wire

/// Repeating bills: a bill template and a rule. Occurrences are created when due, each exactly once however many
/// replicas run the job: a replica first moves the rule's `last_date` forward with a conditional update (which
/// locks the row), and only the replica whose update matched creates the bills.
struct RecurringStore: Sendable {
    /// A rule as stored.
    struct Rule: Sendable {
        let id: String
        let householdID: String
        let template: BillFields
        let frequency: String
        let interval: Int
        let start: String
        let end: String?
        var state: String
        var lastDate: String?
        var resumeAfter: String?
        let createdBy: String
    }

    /// Adds a rule in its state (a new one is active; a restored one keeps its state and the dates it reached).
    func insert(_ rule: Rule, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            INSERT INTO ledger_recurring (id, household_id, template, frequency, step, start_date, end_date, state,
                last_date, resume_after, created_by, created_at)
            VALUES (\(rule.id), \(rule.householdID), \(try Self.json(rule.template)), \(rule.frequency),
                \(rule.interval), \(rule.start), \(rule.end), \(rule.state), \(rule.lastDate), \(rule.resumeAfter),
                \(rule.createdBy), \(WallClock.millisecondsSince1970()))
            """
        )
    }

    /// The rule `id`.
    /// - Throws: ``StoreError`` `notFound`.
    func find(_ id: String, in db: any SQLExecutor) async throws -> Rule {
        guard let row = try await db.query("SELECT * FROM ledger_recurring WHERE id = \(id)").first else {
            throw Rule.notFound(id)
        }
        return try Self.rule(row)
    }

    /// A household's rules, oldest first.
    func list(_ household: String, in db: any SQLExecutor) async throws -> [Rule] {
        try await db.query("SELECT * FROM ledger_recurring WHERE household_id = \(household) ORDER BY created_at, id")
            .map(Self.rule)
    }

    /// The active rules, of one household or of all.
    func active(in db: any SQLExecutor) async throws -> [Rule] {
        try await db.query("SELECT * FROM ledger_recurring WHERE state = 'active' ORDER BY id").map(Self.rule)
    }

    /// Sets a rule's state; resuming also records `resumeAfter`, so dates missed while paused are skipped.
    func setState(_ id: String, _ state: String, resumeAfter: String?, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            UPDATE ledger_recurring SET state = \(state), resume_after = COALESCE(\(resumeAfter), resume_after)
            WHERE id = \(id)
            """
        )
    }

    /// Claims the occurrences up to `last` for this replica: true when the rule's last date was still `previous`.
    func claim(_ rule: Rule, through last: String, in db: any SQLExecutor) async throws -> Bool {
        // '' stands for "none yet": no ISO date is empty.
        let rows = try await db.query(
            """
            UPDATE ledger_recurring SET last_date = \(last)
            WHERE id = \(rule.id) AND state = 'active' AND COALESCE(last_date, '') = \(rule.lastDate ?? "")
            RETURNING id
            """
        )
        return !rows.isEmpty
    }

    private static func json(_ fields: BillFields) throws -> String {
        String(decoding: try JSONCoding.encode(fields), as: UTF8.self)
    }

    private static func rule(_ row: SQLRow) throws -> Rule {
        Rule(
            id: try row.text("id"),
            householdID: try row.text("household_id"),
            template: try JSONCoding.decode(BillFields.self, from: Array(try row.text("template").utf8)),
            frequency: try row.text("frequency"),
            interval: Int(try row.int("step")),
            start: try row.text("start_date"),
            end: try row.optionalText("end_date"),
            state: try row.text("state"),
            lastDate: try row.optionalText("last_date"),
            resumeAfter: try row.optionalText("resume_after"),
            createdBy: try row.text("created_by")
        )
    }
}

extension RecurringStore.Rule {
    /// The rule as the ops answer it.
    var view: RecurringView {
        RecurringView(
            recurringId: id,
            householdId: householdID,
            description: template.description ?? "",
            amount: template.amount ?? "",
            currency: template.currency ?? "",
            frequency: frequency,
            interval: interval,
            start: start,
            end: end,
            state: state,
            lastDate: lastDate,
            resumeAfter: resumeAfter,
            bill: template,
            createdBy: createdBy
        )
    }
}

extension RecurringStore.Rule: AuthoredEntry {
    static let noun = "recurring bill"
    static let idField = "recurringId"
    static let authorVerb = "added"
}
