import Foundation
import LedgerAPI
import ReckonClient
import ReckonTesting
import Storage
import Testing
import Wire

/// Ledger part 2 through the real gateway, two `reckon-ledger` processes and a `reckon-calc` that reads profiles
/// through the gateway (and runs the ledger's saved calculations, also through the gateway), on both engines.
@Suite struct HouseholdEndToEndTests {
    private func signIn(_ client: ReckonClient, _ username: String) async throws -> AuthLoginOp.Result {
        _ = try await client.call(AuthSignupOp.self, .init(username: username, password: "correct horse"))
        return try await client.call(AuthLoginOp.self, .init(username: username, password: "correct horse"))
    }

    @Test(arguments: TestDatabase.engines)
    func aBuyResentTenTimesThroughTheGatewayMovesTheStockOnce(engine: DatabaseEngine) async throws {
        try await LocalStack.withLedger(engine, calcWorkers: 1) { stack in
            let client = stack.client
            let ana = try await signIn(client, "ana")
            let home = try await client.call(HouseholdCreateOp.self, .init(name: "Flat"), token: ana.token)
            let sugar = try await client.call(
                ShoppingAddOp.self,
                .init(householdId: home.householdId, name: "Sugar", quantity: "2", unit: "kg"),
                token: ana.token
            )
            let fixed = ShoppingBoughtOp.Args(itemId: sugar.itemId, quantity: "0.5", bill: .init(amount: "3.49"))
            let replies = try await withThrowingTaskGroup(of: ShoppingBoughtOp.Result.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        try await client.call(
                            ShoppingBoughtOp.self,
                            fixed,
                            token: ana.token,
                            idempotencyKey: "buy-sugar"
                        )
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(replies.map(\.stock.quantity)) == ["0.5"])
            let list = try await client.call(
                ShoppingListOp.self,
                .init(householdId: home.householdId),
                token: ana.token
            )
            #expect(list.items.map(\.quantity) == ["1.5"])
            let bills = try await client.call(BillsListOp.self, .init(householdId: home.householdId), token: ana.token)
            #expect(bills.bills.map(\.description) == ["Sugar"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func calcTaxOpsTakeTheirDefaultsFromTheCallersProfile(engine: DatabaseEngine) async throws {
        try await LocalStack.withLedger(engine, calcWorkers: 1) { stack in
            let client = stack.client
            let ana = try await signIn(client, "ana")
            let noProvince = await #expect(throws: WireError.self) {
                _ = try await client.call(service: "calc", op: "tax.estimate", args: ["year": 2026], token: ana.token)
            }
            #expect(noProvince?.field == "province")
            _ = try await client.call(ProfileSetOp.self, .init(income: "72000", province: "BC"), token: ana.token)
            let fromProfile = try await client.call(
                service: "calc",
                op: "tax.estimate",
                args: ["year": 2026],
                token: ana.token
            )
            let spelledOut = try await client.call(
                service: "calc",
                op: "tax.estimate",
                args: ["year": 2026, "province": "BC", "income": ["employment": "72000"]]
            )
            #expect(fromProfile == spelledOut)
            let overridden = try await client.call(
                service: "calc",
                op: "tax.estimate",
                args: ["year": 2026, "province": "AB"],
                token: ana.token
            )
            #expect(overridden["province"] == "AB" && overridden != fromProfile)
            let forged = await #expect(throws: WireError.self) {
                _ = try await client.call(service: "calc", op: "tax.estimate", args: ["year": 2026], token: "rk_forged")
            }
            #expect(forged?.code == .unauthenticated)
            let record = try await client.call(
                RecordsSaveOp.self,
                .init(title: "2026", op: "tax.estimate", args: ["year": 2026]),
                token: ana.token
            )
            #expect(record.result == fromProfile)
            let unknown = await #expect(throws: WireError.self) {
                _ = try await client.call(
                    RecordsSaveOp.self,
                    .init(title: "none", op: "tax.guess", args: [:]),
                    token: ana.token
                )
            }
            #expect(unknown?.code == .invalidArgument && unknown?.field == "op")
            let badArgs = await #expect(throws: WireError.self) {
                _ = try await client.call(
                    RecordsSaveOp.self,
                    .init(title: "bad", op: "tax.estimate", args: ["year": 1800]),
                    token: ana.token
                )
            }
            #expect(badArgs?.code == .invalidArgument && badArgs?.field?.hasPrefix("args.") == true)
        }
    }
}
