import LedgerAPI
import LedgerService
import ReckonTesting
import Storage
import Synchronization
import Testing
import Wire
import WorkerRuntime

/// Every op as its contract declares who may call it (``OpAccess``), read from the registry and called with its
/// recorded example's args turned to a world's entities: with no token, an unknown one, an expired one and a revoked
/// one; by a non-member; by a member who did not make what they change; and, for what is open to members, by one.
@Suite struct AuthorizationMatrixTests {
    /// A household with ana (owner), bob (member) and one of each entity, plus eve, who belongs elsewhere.
    private struct World: Sendable {
        let ana: LedgerHarness.User
        let bob: LedgerHarness.User
        let eve: LedgerHarness.User
        let home: String
        let bill: String
        let payment: String
        let rule: String
        let request: String
        let listed: String
        let stocked: String
        let record: String
        let event: String
    }

    private func world(_ ledger: LedgerHarness) async throws -> World {
        let (ana, bob, eve) = (try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("eve"))
        let home = try await ledger.household(ana, members: [bob])
        _ = try await ledger.household(eve, members: [])
        let bill = try await ledger.bill(home, "Groceries", "30.00", paidBy: ana, split: .init(kind: "equal"))
        let payment = try await ledger.call(
            PaymentsRecordOp.self,
            .init(householdId: home, from: bob.id, to: ana.id, amount: "5.00"),
            token: ana.token
        )
        let rule = try await ledger.call(
            RecurringAddOp.self,
            .init(
                householdId: home,
                bill: .init(description: "Rent", amount: "1000.00", paidBy: ana.id, split: .init(kind: "equal")),
                frequency: "monthly",
                start: "2026-12-01"
            ),
            token: ana.token
        )
        let event = try await ledger.call(
            EventsAddOp.self,
            .init(householdId: home, title: "Groceries run", start: "2026-12-05", allDay: true),
            token: ana.token
        )
        let charlie = try await ledger.user("charlie")
        let request = try await ledger.call(
            RoommatesRequestOp.self,
            .init(householdId: home, username: charlie.username),
            token: ana.token
        )
        let listed = try await ledger.call(ShoppingAddOp.self, .init(householdId: home, name: "Milk"), token: ana.token)
        let stocked = try await ledger.call(
            InventoryAddOp.self,
            .init(householdId: home, name: "Rice", quantity: "1", unit: "kg"),
            token: ana.token
        )
        let record = try await ledger.call(
            RecordsSaveOp.self,
            .init(title: "Sum", op: "evaluate", args: ["expression": "1+1"]),
            token: ana.token
        )
        return World(
            ana: ana,
            bob: bob,
            eve: eve,
            home: home,
            bill: bill.billId,
            payment: payment.paymentId,
            rule: rule.recurringId,
            request: request.requestId,
            listed: listed.itemId,
            stocked: stocked.stock.itemId,
            record: record.recordId,
            event: event.eventId
        )
    }

    /// The ledger's ops as registered, each with the access its contract declares (``OpAccess``).
    private func ops(_ ledger: LedgerHarness) throws -> [Op] {
        LedgerService.makeRegistry(configuration: ledger.configuration, database: ledger.database).ops
    }

    /// The op's recorded example's args, with every id in them (values and keys) replaced by the world's entity of
    /// its kind, by the id's prefix: so a new op is called here without a line of its own.
    private func args(_ op: Op, _ w: World) -> JSONValue {
        let entities: [String: String] = [
            "h": w.home, "r": w.request, "b": w.bill, "p": w.payment, "rc": w.rule, "s": w.listed, "i": w.stocked,
            "rec": w.record, "e": w.event, "u": w.ana.id,
        ]
        func entity(_ text: String) -> String {
            guard let underscore = text.firstIndex(of: "_"), text[text.index(after: underscore)...].count == 36,
                let replacement = entities[String(text[..<underscore])]
            else { return text }
            return replacement
        }
        func replaced(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let text): .string(entity(text))
            case .array(let items): .array(items.map(replaced))
            case .object(let object): .object(JSONObject(object.members.map { (entity($0.key), replaced($0.value)) }))
            default: value
            }
        }
        return replaced(op.example.args)
    }

    /// Whether the args name one of the world's entities.
    private func namesAnEntity(_ args: JSONValue, _ w: World) -> Bool {
        let ids: Set = [w.home, w.request, w.bill, w.payment, w.rule, w.listed, w.stocked, w.record, w.event]
        let text = args.jsonText
        return ids.contains { text.contains($0) }
    }

    @Test(arguments: TestDatabase.engines)
    func everyOpNeedsALiveSessionUnlessItSaysAnyone(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let w = try await world(ledger)
            let expired = try await ledger.call(AuthLoginOp.self, .init(username: "bob", password: "correct horse"))
                .token
            let revoked = try await ledger.call(AuthLoginOp.self, .init(username: "bob", password: "correct horse"))
                .token
            _ = try await ledger.call(AuthLogoutOp.self, NoArgs(), token: revoked)
            _ = try await ledger.database.write { db in
                try await db.query(
                    "UPDATE ledger_sessions SET expires_at = 1 WHERE revoked_at IS NULL AND user_id = \(w.bob.id) AND created_at = (SELECT MAX(created_at) FROM ledger_sessions WHERE user_id = \(w.bob.id) AND revoked_at IS NULL)"
                )
            }
            let before = try await ledger.count("ledger_activity")
            let ops = try ops(ledger)
            #expect(ops.filter { $0.access == .anyone }.map(\.name).sorted() == ["auth.login", "auth.signup"])
            for op in ops where op.access != .anyone {
                for token in [nil, "rk_forged", expired, revoked] {
                    let error = try await ledger.failure(op.name, args(op, w), token: token)
                    #expect(error.code == .unauthenticated, "\(op.name) with token \(token ?? "none"): \(error)")
                }
            }
            #expect(try await ledger.count("ledger_activity") == before)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aNonMemberFindsNothing(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let w = try await world(ledger)
            let before = try await ledger.count("ledger_activity")
            let guarded = try ops(ledger).filter {
                [.member, .author, .owner].contains($0.access)
                    || ($0.access == .signedIn && namesAnEntity(args($0, w), w))
            }
            #expect(guarded.count > 40)
            for op in guarded {
                let error = try await ledger.failure(op.name, args(op, w), token: w.eve.token)
                #expect(error.code == .notFound, "\(op.name) by a non-member: \(error)")
                #expect(!error.message.contains("Groceries") && !error.message.contains(w.ana.id))
            }
            let list = try await ledger.call(HouseholdListOp.self, NoArgs(), token: w.eve.token)
            #expect(list.households.map(\.name) == ["Home of eve"])
            #expect(try await ledger.count("ledger_activity") == before)
            #expect(try await ledger.count("ledger_inventory") == 1)
            #expect(try await ledger.count("ledger_shopping") == 1)
            #expect(try await ledger.count("ledger_records", where: "user_id = \(w.ana.id)") == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func onlyTheAuthorOrTheOwnerMayChangeWhatTheyMadeAndOnlyTheOwnerWhatIsTheirs(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let w = try await world(ledger)
            let authored = try ops(ledger).filter { [.author, .owner].contains($0.access) }
            #expect(authored.count >= 15)
            for op in authored {
                let error = try await ledger.failure(op.name, args(op, w), token: w.bob.token)
                #expect(error.code == .permissionDenied, "\(op.name) by a member who did not make it: \(error)")
            }
        }
    }

    /// What a contract declares `member` is open to every member: none of them is refused or told it is not found.
    /// Each op runs in a world of its own, since some (a member leaving, an item bought) change what the next sees.
    @Test func everyMemberMayCallWhatIsOpenToMembers() async throws {
        let members = Mutex<[String]>([])
        try await LedgerHarness.with(.sqlite) { ledger in
            let names = try ops(ledger).filter { $0.access == .member }.map(\.name)
            members.withLock { $0 = names }
        }
        #expect(members.withLock { $0.count } > 25)
        for name in members.withLock({ $0 }) {
            try await LedgerHarness.with(.sqlite) { ledger in
                let w = try await world(ledger)
                let op = try #require(try ops(ledger).first { $0.name == name })
                do {
                    _ = try await ledger.call(op.name, args(op, w), token: w.bob.token)
                } catch let error as WireError {
                    #expect(
                        ![.permissionDenied, .notFound, .unauthenticated].contains(error.code),
                        "\(op.name): \(error)"
                    )
                }
            }
        }
    }
}

extension JSONValue {
    /// This object with `other`'s members added.
    func merging(_ other: JSONValue) -> JSONValue {
        guard var object = objectValue, let extra = other.objectValue else { return self }
        for (key, value) in extra.members { object[key] = value }
        return .object(object)
    }
}
