import LedgerAPI
import ReckonTesting
import Storage
import Testing
import Wire

/// Profiles and saved calculations on both engines: results are computed by calc's own ops in the worker, tax ops
/// default to the profile, reruns see today's profile, and nobody reaches anyone else's records.
@Suite struct ProfileRecordTests {
    @Test(arguments: TestDatabase.engines)
    func profileFieldsAreCheckedAndClearable(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            #expect(try await ledger.call(ProfileGetOp.self, NoArgs(), token: ana.token) == ProfileView())
            let set = try await ledger.call(
                ProfileSetOp.self,
                .init(income: "85000", province: "on", maritalStatus: "married"),
                token: ana.token
            )
            #expect(set.income == "85000.00" && set.province == "ON" && set.maritalStatus == "married")
            #expect(set.updatedAt != nil)
            for (args, field) in [
                (ProfileSetOp.Args(income: "85,000"), "income"), (.init(province: "XX"), "province"),
                (.init(maritalStatus: "complicated"), "maritalStatus"), (.init(income: "1.001"), "income"),
            ] {
                let error = try await ledger.failure(ProfileSetOp.self, args, token: ana.token)
                #expect(error.code == .invalidArgument && error.field == field)
            }
            let cleared = try await ledger.call(ProfileSetOp.self, .init(maritalStatus: ""), token: ana.token)
            #expect(cleared.maritalStatus == nil && cleared.income == "85000.00")
            let bob = try await ledger.user("bob")
            #expect(try await ledger.call(ProfileGetOp.self, NoArgs(), token: bob.token) == ProfileView())
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aSavedTaxEstimateTakesTheProfileAndRerunsAgainstTodaysProfile(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let noProfile = try await ledger.failure(
                RecordsSaveOp.self,
                .init(title: "2026 taxes", op: "tax.estimate", args: ["year": 2026]),
                token: ana.token
            )
            #expect(noProfile.code == .invalidArgument && noProfile.field == "args.province")
            _ = try await ledger.call(ProfileSetOp.self, .init(income: "60000", province: "ON"), token: ana.token)
            let record = try await ledger.call(
                RecordsSaveOp.self,
                .init(title: "2026 taxes", op: "tax.estimate", args: ["year": 2026]),
                token: ana.token
            )
            #expect(record.args == ["year": 2026])
            #expect(record.result["province"] == "ON")
            let explicit = try await ledger.call(
                RecordsSaveOp.self,
                .init(
                    title: "same, spelled out",
                    op: "tax.estimate",
                    args: ["year": 2026, "province": "ON", "income": ["employment": "60000"]]
                ),
                token: ana.token
            )
            #expect(explicit.result == record.result)
            let same = try await ledger.call(RecordsRerunOp.self, .init(recordId: record.recordId), token: ana.token)
            #expect(!same.changed && same.result == record.result)
            _ = try await ledger.call(ProfileSetOp.self, .init(income: "90000"), token: ana.token)
            let raised = try await ledger.call(
                RecordsRerunOp.self,
                .init(recordId: record.recordId, update: true),
                token: ana.token
            )
            #expect(raised.changed && raised.record.result == raised.result && raised.result != record.result)
            let kept = try await ledger.call(RecordsGetOp.self, .init(recordId: record.recordId), token: ana.token)
            #expect(kept.result == raised.result)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func recordsKeepAnyCalcOpAndStayTheirOwners(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let loan = try await ledger.call(
                RecordsSaveOp.self,
                .init(
                    title: "Car loan",
                    op: "loan",
                    args: ["principal": "20000", "ratePercent": "6.5", "years": "5"]
                ),
                token: ana.token
            )
            #expect(loan.op == "loan" && loan.result["payment"] != nil)
            let sum = try await ledger.call(
                RecordsSaveOp.self,
                .init(title: "Sum", op: "evaluate", args: ["expression": "2^10"]),
                token: ana.token
            )
            #expect(sum.result["value"] == "1024")
            let listed = try await ledger.call(RecordsListOp.self, .init(), token: ana.token)
            #expect(listed.records.map(\.title) == ["Sum", "Car loan"])
            #expect(
                try await ledger.call(RecordsListOp.self, .init(op: "evaluate"), token: ana.token).records.count == 1
            )
            #expect(try await ledger.call(RecordsListOp.self, .init(), token: bob.token).records.isEmpty)
            for op in [RecordsGetOp.name, RecordsDeleteOp.name, RecordsRerunOp.name] {
                let error = try await ledger.failure(op, ["recordId": .string(sum.recordId)], token: bob.token)
                #expect(error.code == .notFound, "\(op)")
            }
            let unknown = try await ledger.failure(
                RecordsSaveOp.self,
                .init(title: "x", op: "bills.add", args: [:]),
                token: ana.token
            )
            #expect(unknown.code == .invalidArgument && unknown.field == "op")
            let badArgs = try await ledger.failure(
                RecordsSaveOp.self,
                .init(title: "x", op: "evaluate", args: ["expression": "2+"]),
                token: ana.token
            )
            #expect(badArgs.code == .invalidArgument && badArgs.field?.hasPrefix("args.") == true, "\(badArgs)")
            let untitled = try await ledger.failure(
                RecordsSaveOp.self,
                .init(title: "  ", op: "evaluate", args: ["expression": "1"]),
                token: ana.token
            )
            #expect(untitled.field == "title")
            #expect(try await ledger.count("ledger_records") == 2)
            _ = try await ledger.call(RecordsDeleteOp.self, .init(recordId: sum.recordId), token: ana.token)
            #expect(try await ledger.count("ledger_records") == 1)
        }
    }
}
