import Ledger
import LedgerAPI
import Money
import Wire

/// What an import writes: each entry of an ``ImportSource`` with its names mapped to members and checked as the
/// ops that write it would check it, so a dry run finds every error a real import would meet.
struct ImportPlan: Sendable {
    /// One write, in the file's order.
    enum Write: Sendable {
        case bill(sourceID: String?, fields: BillFields, valuing: Valuation.Basis)
        case payment(PaymentsRecordOp.Args, valuing: Valuation.Basis)
        case rounding(ImportSource.Move, billSourceID: String)
    }

    private(set) var writes: [Write] = []
    private(set) var errors: [ImportRowNote]
    private(set) var preview: [ImportRowView] = []
    /// What the writes add to each member's net, by currency then user id.
    private(set) var nets: [String: [String: Int64]] = [:]

    /// The reference rates its bills and payments in another currency than `home` may be valued at.
    func ratePairs(in home: String) -> Set<RatePair> {
        var pairs: Set<RatePair> = []
        for write in writes {
            let (currency, date, valuing): (String?, String?, Valuation.Basis)
            switch write {
            case .bill(_, let fields, let basis): (currency, date, valuing) = (fields.currency, fields.date, basis)
            case .payment(let args, let basis): (currency, date, valuing) = (args.currency, args.date, basis)
            case .rounding: continue
            }
            guard let currency, let date, valuing.mayAskRate(currency, in: home) else { continue }
            pairs.insert(RatePair(from: currency.uppercased(), to: home.uppercased(), date: date))
        }
        return pairs
    }

    /// - Parameters:
    ///   - composer: checks each bill as `bills.add` would.
    init(_ source: ImportSource, members: ImportMembers, household: String, composer: BillComposer) {
        errors = source.errors
        for name in members.unresolved {
            errors.append(
                ImportRowNote(
                    row: 1,
                    column: name,
                    message: "\(name) is no current member's username or name: map them with members.\(name)"
                )
            )
        }
        guard members.unresolved.isEmpty else { return }
        let ids = members.byName
        // An entry in another currency keeps the value a Reckon export gives it; any other is valued at its date's
        // reference rate, or written without a value when there is none (balances with `in` then name it).
        let valuing = { (kept: EntryValueView?) in
            source.keepsValues ? Valuation.Basis.restored(kept) : .given(GivenValue(), .whenAvailable)
        }
        for entry in source.entries {
            switch entry {
            case .bill(let bill):
                add(bill, ids: ids, household: household, composer: composer, valuing: valuing(bill.value))
            case .payment(let payment): add(payment, ids: ids, valuing: valuing(payment.value))
            case .rounding(let rounding, let billSourceID):
                let mapped = rounding.renamed(ids)
                move(mapped.amount, mapped.currency, from: mapped.from, to: mapped.to)
                writes.append(.rounding(mapped, billSourceID: billSourceID))
            }
        }
    }

    var bills: Int { writes.count { if case .bill = $0 { true } else { false } } }
    var payments: Int { writes.count { if case .payment = $0 { true } else { false } } }

    private mutating func add(
        _ bill: ImportSource.Bill,
        ids: [String: String],
        household: String,
        composer: BillComposer,
        valuing: Valuation.Basis
    ) {
        let currency = bill.currency
        let owed = Self.summed(bill.owed, ids: ids)
        let split =
            bill.byShares
            ? SplitSpec(kind: "shares", shares: owed.mapValues { Int($0) })
            : SplitSpec(kind: "exact", amounts: owed.mapValues { currency.format($0) })
        let fields = BillFields(
            description: bill.description,
            amount: currency.format(bill.amount),
            currency: currency.code,
            date: bill.date,
            category: bill.category,
            payers: Self.summed(bill.paid, ids: ids).mapValues { currency.format($0) },
            split: split
        )
        let view: BillView
        do {
            view = try composer.compose(id: "import", household: household, fields: fields, createdBy: "import")
                .rounded(residues: [:]).view
        } catch let error as any WireErrorConvertible {
            let wire = error.wireError
            errors.append(ImportRowNote(row: bill.row, column: wire.field, message: wire.message))
            return
        } catch {
            errors.append(ImportRowNote(row: bill.row, column: nil, message: "\(error)"))
            return
        }
        // The preview's shares of a bill split by shares are rounded alone; the import rounds them against the
        // household's residues, which may move a minor unit.
        for (parts, sign) in [(view.payers, Int64(1)), (view.shares, -1)] {
            for part in parts {
                nets[currency.code, default: [:]][part.userId, default: 0] &+=
                    sign * (currency.parse(part.amount, allowsNegative: true) ?? 0)
            }
        }
        writes.append(.bill(sourceID: bill.sourceID, fields: fields, valuing: valuing))
        preview(
            ImportRowView(
                row: bill.row,
                kind: "bill",
                date: bill.date,
                description: bill.description,
                currency: currency.code,
                amount: currency.format(bill.amount),
                payers: view.payers.sorted { $0.userId < $1.userId },
                shares: view.shares.sorted { $0.userId < $1.userId }
            )
        )
    }

    private mutating func add(_ payment: ImportSource.Move, ids: [String: String], valuing: Valuation.Basis) {
        let (from, to) = (ids[payment.from]!, ids[payment.to]!)
        guard from != to else {
            errors.append(ImportRowNote(row: payment.row, column: nil, message: "a payment from \(from) to themselves"))
            return
        }
        guard (try? DateCheck.validated(payment.date, field: "date")) != nil else {
            errors.append(ImportRowNote(row: payment.row, column: "date", message: "\(payment.date) is not a date"))
            return
        }
        let currency = payment.currency
        move(payment.amount, currency, from: from, to: to)
        writes.append(
            .payment(
                PaymentsRecordOp.Args(
                    householdId: "",
                    from: from,
                    to: to,
                    amount: currency.format(payment.amount),
                    currency: currency.code,
                    date: payment.date,
                    note: payment.note
                ),
                valuing: valuing
            )
        )
        preview(
            ImportRowView(
                row: payment.row,
                kind: "payment",
                date: payment.date,
                description: payment.note ?? "",
                currency: currency.code,
                amount: currency.format(payment.amount),
                from: from,
                to: to
            )
        )
    }

    private mutating func move(_ amount: Int64, _ currency: Currency, from: String, to: String) {
        nets[currency.code, default: [:]][from, default: 0] &+= amount
        nets[currency.code, default: [:]][to, default: 0] &-= amount
    }

    private mutating func preview(_ row: ImportRowView) {
        if preview.count < ImportView.previewLimit { preview.append(row) }
    }

    /// Parts by user id, two names of one member added together.
    private static func summed(_ parts: [ImportSource.Named], ids: [String: String]) -> [String: Int64] {
        parts.reduce(into: [:]) { $0[ids[$1.name]!, default: 0] &+= $1.amount }
    }
}
