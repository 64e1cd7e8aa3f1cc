import Foundation
import LedgerAPI
import Money
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `import.start`, which asks calc for its reference rates before its write (``RatesFetchedFirst``).
    mutating func registerImportOps(_ handlers: ImportHandlers, _ scopes: LedgerScopes) {
        register(
            ImportStartOp.self,
            in: scopes.write,
            middleware: [RatesFetchedFirst(valuation: handlers.bills.valuation)],
            handler: handlers.importStart
        )
    }
}

/// The import: reads a file (``SplitwiseCSV``, ``IHateMoneyJSON``, ``ReckonExportFile``), maps its names to members
/// (``ImportMembers``), checks every row (``ImportPlan``), and writes its bills and payments through the same
/// handlers as `bills.add` and `payments.record`, all in the op's one transaction, with the file's digest
/// (``ImportStore``).
struct ImportHandlers: Sendable {
    let access: HouseholdAccess
    let households: HouseholdStore
    let totals: BalanceTotals
    let bills: BillHandlers
    let payments: PaymentHandlers
    let recurring: RecurringHandlers
    let calendar: CalendarHandlers
    let shopping: ShoppingHandlers
    let inventory: InventoryHandlers
    let imports = ImportStore()

    func importStart(_ args: ImportStartOp.Args, _ context: SignedIn) async throws -> ImportView {
        let (member, current) = try await access.memberAndHousemates(of: args.householdId, context)
        let (db, household) = (member.db, member.household)
        let source: ImportSource
        switch args.from {
        case "splitwise": source = SplitwiseCSV.read(args.file)
        case "ihatemoney": source = IHateMoneyJSON.read(args.file, householdCurrency: household.currency)
        case "reckon": source = ReckonExportFile.read(args.file)
        default:
            throw WireError(
                .invalidArgument,
                "from is splitwise, ihatemoney or reckon, not \(args.from)",
                field: "from"
            )
        }
        let names = source.allNames
        let members = try ImportMembers(
            names: names,
            // A file that cannot be read names nobody: its errors are the answer, not the map's.
            mapped: names.isEmpty ? [:] : args.members ?? [:],
            members: try await households.members(household.id, in: db)
        )
        let composer = BillComposer(
            householdCurrency: household.currency,
            members: current,
            today: bills.configuration.today()
        )
        let plan = ImportPlan(source, members: members, household: household.id, composer: composer)
        let digest = SHA256Digest.hex(of: Array(args.file.utf8))
        let earlier = try await imports.find(household.id, digest: digest, in: db)
        let dryRun = args.dryRun ?? false
        var view = ImportView(
            digest: digest,
            from: args.from,
            dryRun: dryRun,
            alreadyImported: earlier != nil,
            bills: earlier?.bills ?? plan.bills,
            payments: earlier?.payments ?? plan.payments,
            recurringRules: source.recurring.count,
            events: source.events.count,
            shoppingItems: source.shopping.count,
            stockLines: source.stock.count,
            skipped: source.skipped,
            errors: plan.errors,
            preview: dryRun ? plan.preview : nil,
            names: names.map { ImportName(name: $0, userId: members.byName[$0]) },
            balances: [],
            exactness: source.exactness
        )
        guard !dryRun, earlier == nil else {
            // What the import would leave, or what the earlier one left.
            view.balances = try await balances(household.id, adding: earlier == nil ? plan.nets : [:], in: db)
            return view
        }
        if let first = plan.errors.first {
            let more = plan.errors.count > 1 ? " (and \(plan.errors.count - 1) more: a dryRun lists them)" : ""
            throw WireError(
                .invalidArgument,
                "row \(first.row)\(first.column.map { ", \($0)" } ?? ""): \(first.message)\(more)",
                field: "file"
            )
        }
        // Every rate the writes may need, asked of calc at once before anything is written.
        try RateQuotes.current?.require(plan.ratePairs(in: household.currency))
        try await imports.insert(
            household.id,
            digest: digest,
            source: args.from,
            done: .init(bills: plan.bills, payments: plan.payments),
            by: member.userID,
            in: db
        )
        try await write(plan, by: member, among: current)
        try await restore(source, into: member, renaming: members.byName, context)
        view.balances = try await balances(household.id, adding: [:], in: db)
        return view
    }

    /// Writes the plan's bills and payments as `bills.add` and `payments.record` would, then its rounding
    /// transfers, each naming the bill it came with.
    private func write(_ plan: ImportPlan, by member: HouseholdMember, among current: Set<String>) async throws {
        var billIDs: [String: String] = [:]
        var transfers: [RoundingStore.Transfer] = []
        for write in plan.writes {
            switch write {
            case .bill(let sourceID, let fields, let valuing):
                let bill = try await bills.addBill(fields, by: member, among: current, valuing: valuing)
                if let sourceID { billIDs[sourceID] = bill.billId }
            case .payment(var args, let valuing):
                args.householdId = member.household.id
                _ = try await payments.recordPayment(args, by: member, among: current, valuing: valuing)
            case .rounding(let rounding, let billSourceID):
                transfers.append(
                    RoundingStore.Transfer(
                        id: "r_" + UUID.random().uuidString.lowercased(),
                        currency: rounding.currency.code,
                        from: rounding.from,
                        to: rounding.to,
                        amount: rounding.amount,
                        date: rounding.date,
                        billID: billIDs[billSourceID] ?? billSourceID
                    )
                )
            }
        }
        try await bills.rounding.store.record(transfers, household: member.household.id, in: member.db)
        try await totals.apply(try transfers.map { (try $0.entry(), 1) }, household: member.household.id, in: member.db)
    }

    /// A Reckon export's repeating bills (their members renamed by `ids`, in their state and with the dates they
    /// reached), calendar, shopping list and stock, added through their ops' own handlers.
    private func restore(
        _ source: ImportSource,
        into member: HouseholdMember,
        renaming ids: [String: String],
        _ context: SignedIn
    ) async throws {
        let household = member.household.id
        for rule in source.recurring {
            try await recurring.restore(rule, template: rule.bill.renamingMembers(ids), by: member)
        }
        for event in source.events {
            let args = EventsAddOp.Args(
                householdId: household,
                title: event.title,
                start: event.start,
                end: event.end,
                allDay: event.allDay,
                timeZone: event.timeZone,
                location: event.location,
                repeat: event.repeat
            )
            _ = try await calendar.eventsAdd(args, context)
        }
        for item in source.shopping {
            let args = ShoppingAddOp.Args(
                householdId: household,
                name: item.name,
                quantity: item.quantity,
                unit: item.unit,
                note: item.note
            )
            _ = try await shopping.shoppingAdd(args, context)
        }
        for line in source.stock {
            let args = InventoryAddOp.Args(
                householdId: household,
                name: line.name,
                quantity: line.quantity,
                unit: line.unit,
                location: line.location,
                bestBefore: line.bestBefore,
                restock: line.restock,
                restockQuantity: line.restockQuantity
            )
            _ = try await inventory.stockUp(args, allowsZero: true, context)
        }
    }

    /// Each member's net in each currency, with `added` on top.
    private func balances(
        _ household: String,
        adding added: [String: [String: Int64]],
        in db: any SQLExecutor
    ) async throws -> [ImportBalance] {
        var nets = try await totals.balances(household, in: db).mapValues { $0.mapValues(\.net) }
        for (currency, members) in added {
            for (member, net) in members { nets[currency, default: [:]][member, default: 0] &+= net }
        }
        return nets.sorted { $0.key < $1.key }.flatMap { currency, members in
            let digits = Currency(code: currency)?.minorDigits ?? 2
            return members.sorted { $0.key < $1.key }.map {
                ImportBalance(userId: $0.key, currency: currency, net: MinorUnits.format($0.value, digits: digits))
            }
        }
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension ImportStartOp.Args: InHousehold {}
