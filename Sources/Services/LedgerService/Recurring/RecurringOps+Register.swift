import Foundation
import Ledger
import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `recurring.add`, `recurring.list`, `recurring.get`, `recurring.pause`, `recurring.resume`, `recurring.end`.
    mutating func registerRecurringOps(_ handlers: RecurringHandlers, _ scopes: LedgerScopes) {
        register(RecurringAddOp.self, in: scopes.write, handler: handlers.recurringAdd)
        register(RecurringListOp.self, in: scopes.read, handler: handlers.recurringList)
        register(RecurringGetOp.self, in: scopes.read, handler: handlers.recurringGet)
        register(RecurringPauseOp.self, in: scopes.write, handler: handlers.recurringPause)
        register(RecurringResumeOp.self, in: scopes.write, handler: handlers.recurringResume)
        register(RecurringEndOp.self, in: scopes.write, handler: handlers.recurringEnd)
    }
}

/// The recurring bills' ops: with the bills a rule makes (``RecurringBills``, which holds the rules' store), the
/// households' access policy, the activity log and the settings (today's date), and nothing else.
struct RecurringHandlers: Sendable {
    let due: RecurringBills
    let access: HouseholdAccess
    let activity: ActivityLog
    let configuration: LedgerService.Configuration

    private var recurring: RecurringStore { due.recurring }

    /// Moves a rule between states when the caller made it or owns its household.
    func changeRule(
        _ id: String,
        to state: String,
        from allowed: Set<String>,
        _ context: SignedIn
    ) async throws
        -> RecurringView
    {
        let rule = try await recurring.find(id, in: context.db)
        let member = try await access.member(changing: rule, context)
        let (db, userID) = (member.db, member.userID)
        guard allowed.contains(rule.state) else {
            throw WireError(.failedPrecondition, "the recurring bill is \(rule.state)", field: "recurringId")
        }
        let today = configuration.today()
        try await recurring.setState(id, state, resumeAfter: state == "active" ? today : nil, in: db)
        let changed = try await recurring.find(id, in: db)
        try await activity.record(
            .init(
                action: "recurring.\(state)",
                entity: "recurring",
                entityID: id,
                before: rule.view,
                after: changed.view
            ),
            household: rule.householdID,
            userID: userID,
            in: db
        )
        return changed.view
    }
}

extension RecurringHandlers {
    func recurringAdd(_ args: RecurringAddOp.Args, _ context: SignedIn) async throws -> RecurringAddOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let (db, household) = (member.db, member.household)
        var template = args.bill
        template.currency = template.currency ?? household.currency
        let rule = try Self.rule(
            template: template,
            frequency: args.frequency,
            interval: args.interval ?? 1,
            start: args.start,
            end: args.end,
            state: "active",
            by: member
        )
        try await self.add(rule, by: member)
        _ = try await self.due.createDue(rule, through: self.configuration.today(), in: db)
        return try await self.recurring.find(rule.id, in: db).view
    }

    /// A rule of a restored export (`import.start`), in its state and with the dates it reached, so that no
    /// occurrence it made before is made again; `template` is its bill with the household's member ids.
    func restore(_ view: RecurringView, template: BillFields, by member: HouseholdMember) async throws {
        guard ["active", "paused", "ended"].contains(view.state) else {
            throw WireError(.invalidArgument, "a rule's state is active, paused or ended", field: "state")
        }
        var rule = try Self.rule(
            template: template,
            frequency: view.frequency,
            interval: view.interval,
            start: view.start,
            end: view.end,
            state: view.state,
            by: member
        )
        rule.lastDate = try view.lastDate.map { try DateCheck.validated($0, field: "lastDate") }
        rule.resumeAfter = try view.resumeAfter.map { try DateCheck.validated($0, field: "resumeAfter") }
        try await self.add(rule, by: member)
    }

    /// A new rule of `member`'s household, its fields checked.
    /// - Throws: `invalid_argument` for a frequency, a date or a template field that does not fit.
    private static func rule(
        template: BillFields,
        frequency: String,
        interval: Int,
        start: String,
        end: String?,
        state: String,
        by member: HouseholdMember
    ) throws -> RecurringStore.Rule {
        guard ["weekly", "monthly"].contains(frequency) else {
            throw WireError(.invalidArgument, "frequency must be weekly or monthly", field: "frequency")
        }
        guard template.date == nil else {
            throw WireError(.invalidArgument, "a repeating bill's dates come from start", field: "date")
        }
        return RecurringStore.Rule(
            id: "rc_" + UUID.random().uuidString.lowercased(),
            householdID: member.household.id,
            template: template,
            frequency: frequency,
            interval: interval,
            start: try DateCheck.validated(start, field: "start"),
            end: try end.map { try DateCheck.validated($0, field: "end") },
            state: state,
            lastDate: nil,
            resumeAfter: nil,
            createdBy: member.userID
        )
    }

    /// Checks `rule`'s repeats and a sample of its bill as `bills.add` would, then stores and logs it.
    private func add(_ rule: RecurringStore.Rule, by member: HouseholdMember) async throws {
        let (db, household) = (member.db, member.household)
        _ = try rule.recurrence.occurrences(after: nil, through: rule.start)
        var sample = rule.template
        sample.date = rule.start
        _ = try BillComposer(
            householdCurrency: household.currency,
            members: try await self.due.households.currentMemberIDs(household.id, in: db),
            today: rule.start
        ).compose(id: rule.id, household: household.id, fields: sample, createdBy: member.userID)
        try await self.recurring.insert(rule, in: db)
        try await self.activity.record(
            .init(action: "recurring.added", entity: "recurring", entityID: rule.id, before: nil, after: rule.view),
            household: household.id,
            userID: member.userID,
            in: db
        )
    }

    func recurringList(_ args: RecurringListOp.Args, _ context: SignedIn) async throws -> RecurringListOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let (db, household) = (member.db, member.household)
        return RecurringListOp.Result(rules: try await self.recurring.list(household.id, in: db).map(\.view))
    }

    func recurringGet(_ args: RecurringGetOp.Args, _ context: SignedIn) async throws -> RecurringGetOp.Result {
        let rule = try await self.recurring.find(args.recurringId, in: context.db)
        _ = try await self.access.member(seeing: rule, context)
        return rule.view
    }

    func recurringPause(_ args: RecurringPauseOp.Args, _ context: SignedIn) async throws -> RecurringPauseOp.Result {
        try await self.changeRule(args.recurringId, to: "paused", from: ["active"], context)
    }

    func recurringResume(_ args: RecurringResumeOp.Args, _ context: SignedIn) async throws -> RecurringResumeOp.Result {
        try await self.changeRule(args.recurringId, to: "active", from: ["paused"], context)
    }

    func recurringEnd(_ args: RecurringEndOp.Args, _ context: SignedIn) async throws -> RecurringEndOp.Result {
        try await self.changeRule(args.recurringId, to: "ended", from: ["active", "paused"], context)
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension RecurringAddOp.Args: InHousehold {}
