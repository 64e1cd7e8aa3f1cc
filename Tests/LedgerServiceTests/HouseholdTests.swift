import LedgerAPI
import ReckonTesting
import Storage
import Testing
import Wire

/// Households, requests to join, roles and leaving, on both engines.
@Suite struct HouseholdTests {
    @Test(arguments: TestDatabase.engines)
    func requestsAreAcceptedDeclinedOrRetracted(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob, cy) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd")
            )
            let home = try await ledger.household(ana, members: [])
            let toBob = try await ledger.call(
                RoommatesRequestOp.self,
                .init(householdId: home, username: "bob"),
                token: ana.token
            )
            let toCy = try await ledger.call(
                RoommatesRequestOp.self,
                .init(householdId: home, username: "cyd"),
                token: ana.token
            )
            let again = try await ledger.failure(
                RoommatesRequestOp.self,
                .init(householdId: home, username: "bob"),
                token: ana.token
            )
            #expect(again.code == .alreadyExists)
            let received = try await ledger.call(RoommatesListOp.self, .init(), token: bob.token).received
            #expect(received.map(\.requestId) == [toBob.requestId])
            let notYours = try await ledger.failure(
                RoommatesAcceptOp.self,
                .init(requestId: toBob.requestId),
                token: cy.token
            )
            #expect(notYours.code == .notFound)
            let byRequester = try await ledger.failure(
                RoommatesAcceptOp.self,
                .init(requestId: toBob.requestId),
                token: ana.token
            )
            #expect(byRequester.code == .permissionDenied)
            _ = try await ledger.call(RoommatesAcceptOp.self, .init(requestId: toBob.requestId), token: bob.token)
            _ = try await ledger.call(RoommatesRetractOp.self, .init(requestId: toCy.requestId), token: ana.token)
            let late = try await ledger.failure(
                RoommatesDeclineOp.self,
                .init(requestId: toCy.requestId),
                token: cy.token
            )
            #expect(late.code == .failedPrecondition)
            let members = try await ledger.call(HouseholdGetOp.self, .init(householdId: home), token: bob.token).members
            #expect(members.map(\.username) == ["ana", "bob"])
            #expect(members.map(\.role) == ["owner", "member"])
            #expect(
                try await ledger.failure(HouseholdGetOp.self, .init(householdId: home), token: cy.token).code
                    == .notFound
            )
        }
    }

    @Test(arguments: TestDatabase.engines)
    func leavingWithABalanceNeedsConfirmationAndKeepsIt(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            try await ledger.bill(home, "Groceries", "30.00", paidBy: ana, split: SplitSpec(kind: "equal"))
            let refused = try await ledger.failure(RoommatesLeaveOp.self, .init(householdId: home), token: bob.token)
            #expect(refused.code == .failedPrecondition)
            #expect(refused.message.contains("-15.00 CAD"))
            _ = try await ledger.call(RoommatesLeaveOp.self, .init(householdId: home, confirm: true), token: bob.token)
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "15.00", bob.id: "-15.00"])
            #expect(
                try await ledger.failure(BalancesOp.self, .init(householdId: home), token: bob.token).code == .notFound
            )
            let members = try await ledger.call(HouseholdGetOp.self, .init(householdId: home), token: ana.token).members
            #expect(members.first { $0.userId == bob.id }?.active == false)
            // A bill can no longer involve the member who left.
            let involving = try await ledger.failure(
                BillsAddOp.self,
                .init(
                    HouseholdArgs(householdId: home),
                    bill: .init(
                        description: "Pizza",
                        amount: "10.00",
                        paidBy: ana.id,
                        split: .init(kind: "equal", among: [ana.id, bob.id])
                    )
                ),
                token: ana.token
            )
            #expect(involving.code == .invalidArgument)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func whenTheOwnerLeavesTheLongestStandingMemberOwns(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob, cy) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd")
            )
            let home = try await ledger.household(ana, members: [bob, cy])
            _ = try await ledger.call(RoommatesLeaveOp.self, .init(householdId: home), token: ana.token)
            let view = try await ledger.call(HouseholdGetOp.self, .init(householdId: home), token: bob.token)
            #expect(view.role == "owner")
            #expect(view.members.first { $0.userId == cy.id }?.role == "member")
        }
    }
}
