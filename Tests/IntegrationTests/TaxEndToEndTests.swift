import Testing
import Wire

/// The tax ops through the real gateway and `reckon-calc` (hand-checked figures: Tests/TaxTests/ScenarioTests).
@Suite struct TaxEndToEndTests {
    @Test func jurisdictionsListsThirteenAndTheYears() async throws {
        try await withLocalStack { stack in
            let result = try await stack.call("calc", "tax.jurisdictions", [:])
            #expect(result["jurisdictions"]?.arrayValue?.count == 13)
            #expect(result["years"]?.arrayValue?.contains(2025) == true)
        }
    }

    @Test func topicsSearchByWords() async throws {
        try await withLocalStack { stack in
            let all = try await stack.call("calc", "tax.topics", [:])
            #expect(all["topics"]?.arrayValue?.count == 8)
            let found = try await stack.call("calc", "tax.topics", ["query": "OAS recovery"])
            #expect(found["topics"]?.arrayValue?.map { $0["id"] } == ["oas"])
        }
    }

    @Test func estimateOntario85000() async throws {
        try await withLocalStack { stack in
            let result = try await stack.call(
                "calc",
                "tax.estimate",
                ["year": 2025, "province": "ON", "income": ["employment": "85000"]]
            )
            #expect(result["federal"] == "10567.46")
            #expect(result["provincial"] == "5393.28")
            #expect(result["total"] == "15960.74")
            #expect(result["marginalRate"] == "0.2965")
            #expect((result["breakdown"]?.arrayValue?.count ?? 0) > 5)
        }
    }

    @Test func rrspTopicSavesTax() async throws {
        try await withLocalStack { stack in
            let result = try await stack.call(
                "calc",
                "tax.topic",
                [
                    "topic": "rrsp", "year": 2025, "province": "ON", "income": ["employment": "85000"],
                    "amount": "5000",
                ]
            )
            #expect(result["taxChange"] == "-1482.50")
        }
    }

    @Test func negativeIncomeIsAnInvalidArgumentWithItsField() async throws {
        try await withLocalStack { stack in
            do {
                _ = try await stack.call(
                    "calc",
                    "tax.estimate",
                    ["province": "ON", "income": ["interest": "-5"]]
                )
                Issue.record("expected invalid_argument")
            } catch let error as WireError {
                #expect(error.code == .invalidArgument)
                #expect(error.field == "income.interest")
            }
        }
    }
}
