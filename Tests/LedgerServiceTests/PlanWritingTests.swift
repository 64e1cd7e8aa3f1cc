import LedgerAPI
import Testing

/// `settle.suggest`'s result writes its own JSON, exactly as its `Encodable` form gives Foundation's `JSONEncoder`
/// with sorted keys (which `JSONCoding` matches for every other type).
@Suite struct PlanWritingTests {
    @Test func aPlanWritesWhatItsEncodableFormDoes() throws {
        let reason = ReasonView(
            kind: "bill",
            id: "b_1",
            description: "Épicerie \"bio\"\n",
            date: "2026-11-20",
            amount: "12.30"
        )
        let plan = SettlePlanView(
            transfers: [
                TransferView(from: "u_b", to: "u_a", amount: "12.30", currency: "CAD", because: [reason]),
                TransferView(from: "u_c", to: "u_a", amount: "1", currency: "JPY", because: []),
            ],
            methods: ["JPY": "greedy", "CAD": "minimal", "Zz": "x", "aa": "y"]
        )
        try expectWritesAsEncodable(plan)
    }
}
