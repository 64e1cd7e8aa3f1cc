import Calculator
import Ledger
import LedgerAPI
import Money
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `balances`, `balances.history` and `settle.suggest`.
    mutating func registerBalanceOps(_ handlers: BalanceHandlers, _ scopes: LedgerScopes) {
        register(BalancesOp.self, in: scopes.read, handler: handlers.balances)
        register(BalanceHistoryOp.self, in: scopes.read, handler: handlers.history)
        register(SettleSuggestOp.self, in: scopes.read, handler: handlers.settleSuggest)
    }
}

/// Balances and settling up: with the balances' running totals, the access policy and the reference rates (for
/// `convertTo`), and nothing else. The household export reads its balances through it too.
struct BalanceHandlers: Sendable {
    let totals: BalanceTotals
    let access: HouseholdAccess
    let rates: RatesTable?

    /// The household's balances per member and currency, its pairwise debts, and optionally everything converted.
    /// - Throws: `invalid_argument` for a currency without a rate.
    func balances(of household: String, convertTo: String?, in db: any SQLExecutor) async throws -> BalancesView {
        let (balances, debts) = try await totals.balancesAndDebts(household, in: db)
        let currencies = balances.keys.sorted()
        return BalancesView(
            members: currencies.flatMap { currency in
                balances[currency, default: [:]].sorted { $0.key < $1.key }.map { member, balance in
                    BalanceView(member, balance, currency: currency)
                }
            },
            debts: currencies.flatMap { currency in
                let digits = Currency(code: currency)?.minorDigits ?? 2
                return debts[currency, default: []].map {
                    DebtView(
                        from: $0.from,
                        to: $0.to,
                        amount: MinorUnits.format($0.amount, digits: digits),
                        currency: currency
                    )
                }
            },
            currencies: currencies,
            converted: try convertTo.map { try BalanceConversion(rates: rates).convert(balances, to: $0) }
        )
    }
}

extension BalanceHandlers {
    /// Up to this many members with a non-zero net, plans are the exact minimum; greedy beyond.
    static let exactSearchLimit = 12

    /// The plan for one currency, each transfer with the entries behind the debt it settles.
    func explainedPlan(
        _ nets: [String: Int64],
        currency: String,
        household: String,
        in db: any SQLExecutor
    )
        async throws -> [TransferView]
    {
        let plan = SettlePlanner.plan(nets: nets, exactSearchLimit: Self.exactSearchLimit)
        let debtors = Set(plan.map(\.from))
        let (slices, entries) = try await DebtSources().slices(
            debts: Dictionary(uniqueKeysWithValues: debtors.map { ($0, -(nets[$0] ?? 0)) }),
            currency: currency,
            household: household,
            in: db
        )
        return Self.views(SettlePlanner.explain(plan, debtSlices: slices), currency: currency, entries: entries)
    }

    /// Explained transfers in `currency` as they travel, each reason named by `entries`.
    static func views(
        _ explained: [ExplainedTransfer],
        currency: String,
        entries: [String: DebtSources.Entry]
    ) -> [TransferView] {
        let digits = Currency(code: currency)?.minorDigits ?? 2
        return explained.map { explained in
            TransferView(
                from: explained.transfer.from,
                to: explained.transfer.to,
                amount: MinorUnits.format(explained.transfer.amount, digits: digits),
                currency: currency,
                because: explained.because.map { reason in
                    let entry = entries[reason.entryID]
                    return ReasonView(
                        kind: entry?.kind ?? "bill",
                        id: reason.entryID,
                        description: entry?.description ?? "",
                        date: entry?.date ?? "",
                        amount: MinorUnits.format(reason.amount, digits: digits)
                    )
                }
            )
        }
    }
}

extension BalanceView {
    /// A member's totals as they travel.
    init(_ member: String, _ balance: MemberBalance, currency: String) {
        let digits = Currency(code: currency)?.minorDigits ?? 2
        self.init(
            userId: member,
            currency: currency,
            paid: MinorUnits.format(balance.paid, digits: digits),
            share: MinorUnits.format(balance.share, digits: digits),
            sent: MinorUnits.format(balance.sent, digits: digits),
            received: MinorUnits.format(balance.received, digits: digits),
            net: MinorUnits.format(balance.net, digits: digits),
            rounding: MinorUnits.format(balance.rounding, digits: digits)
        )
    }
}

extension BalanceHandlers {
    func balances(_ args: BalancesOp.Args, _ context: SignedIn) async throws -> BalancesOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        guard let code = args.in else {
            return try await self.balances(of: member.household.id, convertTo: args.convertTo, in: member.db)
        }
        let home = try Self.valuedIn(code, household: member.household)
        let ledger = try await ValuedLedger.read(member.household.id, in: home, db: member.db)
        return BalancesView(
            members: ledger.balances.sorted { $0.key < $1.key }.map {
                BalanceView($0.key, $0.value, currency: home.code)
            },
            debts: ledger.debts.map {
                DebtView(from: $0.from, to: $0.to, amount: home.format($0.amount), currency: home.code)
            },
            currencies: ledger.totals.isEmpty ? [] : [home.code],
            converted: try args.convertTo.map { code in
                try BalanceConversion(rates: self.rates).convert([home.code: ledger.balances], to: code)
            },
            valuedIn: home.code
        )
    }

    /// The household's currency, which `in` must name.
    /// - Throws: `invalid_argument` (field `in`) for another.
    private static func valuedIn(_ code: String, household: HouseholdStore.Household) throws -> Currency {
        let home = try Currency.named(household.currency, field: "in")
        guard code.uppercased() == home.code else {
            throw WireError(
                .invalidArgument,
                "entries are valued in the household's currency, \(home.code), not \(code.uppercased()) (convertTo "
                    + "shows the balances at the latest rates in any currency)",
                field: "in"
            )
        }
        return home
    }

    func history(_ args: BalanceHistoryOp.Args, _ context: SignedIn) async throws -> BalanceHistoryOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        return try await BalanceHistory().history(
            of: member.household.id,
            currency: try Currency.named(args.currency ?? member.household.currency, field: "currency"),
            from: try args.from.map { try DateCheck.validated($0, field: "from") },
            in: member.db
        )
    }

    func settleSuggest(_ args: SettleSuggestOp.Args, _ context: SignedIn) async throws -> SettleSuggestOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let (db, household) = (member.db, member.household)
        if let code = args.in {
            return try await self.valuedPlan(try Self.valuedIn(code, household: household), household.id, in: db)
        }
        var transfers: [TransferView] = []
        var methods: [String: String] = [:]
        for (currency, members) in try await self.totals.balances(household.id, in: db).sorted(by: {
            $0.key < $1.key
        }) {
            let nets = members.mapValues(\.net).filter { $0.value != 0 }
            guard !nets.isEmpty else { continue }
            methods[currency] = nets.count <= Self.exactSearchLimit ? "minimal" : "greedy"
            transfers += try await self.explainedPlan(nets, currency: currency, household: household.id, in: db)
        }
        return SettlePlanView(transfers: transfers, methods: methods)
    }
}

extension BalanceHandlers {
    /// One plan in the household's currency `home`, over every entry at its value (``ValuedLedger``), each transfer
    /// with the entries behind the debt it settles at their values.
    func valuedPlan(_ home: Currency, _ household: String, in db: any SQLExecutor) async throws -> SettlePlanView {
        let ledger = try await ValuedLedger.read(household, in: home, db: db)
        let nets = ledger.nets.filter { $0.value != 0 }
        guard !nets.isEmpty else { return SettlePlanView(transfers: [], methods: [:]) }
        let plan = SettlePlanner.plan(nets: nets, exactSearchLimit: Self.exactSearchLimit)
        let debts = Dictionary(plan.map { ($0.from, $0.amount) }, uniquingKeysWith: +)
        let transfers = Self.views(
            SettlePlanner.explain(plan, debtSlices: ledger.debtSlices(debts)),
            currency: home.code,
            entries: ledger.entries
        )
        return SettlePlanView(
            transfers: transfers,
            methods: [home.code: nets.count <= Self.exactSearchLimit ? "minimal" : "greedy"]
        )
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension BalancesOp.Args: InHousehold {}
extension SettleSuggestOp.Args: InHousehold {}
extension BalanceHistoryOp.Args: InHousehold {}

extension BalanceTotals {
    /// The currencies in which `userID`'s balance is not zero, as "-12.30 CAD".
    func nonZeroNets(of userID: String, in household: String, db: any SQLExecutor) async throws -> [String] {
        try await balances(household, in: db).sorted { $0.key < $1.key }.compactMap { currency, members in
            guard let net = members[userID]?.net, net != 0 else { return nil }
            return "\(MinorUnits.format(net, digits: Currency(code: currency)?.minorDigits ?? 2)) \(currency)"
        }
    }
}
