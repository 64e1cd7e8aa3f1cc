import CalcAPI
import ReckonClient
import Testing
import Wire

/// The calculator, unit, date and finance ops through the real gateway and `reckon-calc`
/// (library-level vectors: Tests/CalculatorTests).
@Suite struct CalculatorEndToEndTests {
    /// Runs `body` against a fresh stack whose deadlines only end a failure, as `OrdersEndToEndTests` sets them: the
    /// ops here all succeed, and a debug build of `compoundInterest` (half a second of CPU alone) or `loan` on two
    /// cores shared with the rest of the suite can outlast the stack's defaults (20 s at the gateway, 15 s in the
    /// worker). No test here is about a deadline.
    private func withCalcStack(_ body: (LocalStack) async throws -> Void) async throws {
        let stack = try await LocalStack.start(
            gatewayArguments: ["--deadline-ms", "120000"],
            workerArguments: ["--request-timeout-ms", "110000"],
            client: .init(timeout: .seconds(150))
        )
        defer { stack.stop() }
        try await body(stack)
    }

    @Test func evaluateIsExact() async throws {
        try await withCalcStack { stack in
            let sum = try await stack.call("calc", "evaluate", ["expression": "0.1+0.2"])
            #expect(sum["value"] == "0.3")
            #expect(sum["exact"] == true)
            let third = try await stack.call("calc", "evaluate", ["expression": "1/3"])
            #expect(third["value"] == "1/3")
            #expect(third["approx"] == "0.333333333333333")
            let degrees = try await stack.call("calc", "evaluate", ["expression": "sin(30)", "angle": "deg"])
            #expect(degrees["value"] == "0.5")
        }
    }

    @Test func evaluateErrorsAreTypedWithTheColumn() async throws {
        try await withCalcStack { stack in
            await #expect {
                _ = try await stack.call("calc", "evaluate", ["expression": "1/0"])
            } throws: { error in
                guard let error = error as? WireError else { return false }
                return error.code == .invalidArgument && error.field == "expression"
                    && error.details?.first?.code.rawValue == "division_by_zero" && error.message.contains("column 2")
            }
        }
    }

    /// A loan schedule too large for a reply is refused with the field that leaves it out, not dropped by the
    /// gateway (which answered `internal`); the same loan without it is answered, and a schedule of 9,125 payments,
    /// under the limit, comes whole through the gateway's default 1 MiB limit.
    @Test func aScheduleTooLargeForAReplyIsRefusedWithTheFieldThatOmitsIt() async throws {
        try await withCalcStack { stack in
            func daily(years: Int, omitted: Bool = false) -> JSONValue {
                [
                    "principal": "300000", "ratePercent": "5", "years": .number(String(years)), "paymentsPerYear": 365,
                    "scheduleOmitted": .bool(omitted),
                ]
            }
            await #expect {
                _ = try await stack.call("calc", "loan", daily(years: 50))
            } throws: { error in
                guard let error = error as? WireError else { return false }
                return error.code == .invalidArgument && error.field == "scheduleOmitted"
                    && error.message.contains("18250 payments")
            }
            #expect(try await stack.call("calc", "loan", daily(years: 50, omitted: true))["numberOfPayments"] == 18250)
            let whole = try await stack.call("calc", "loan", daily(years: 25))
            #expect(whole["schedule"]?.arrayValue?.count == 9125)
            #expect(whole.serialized.count <= LoanOp.scheduleByteLimit + 1024)
        }
    }

    /// A client cannot crash a calc worker with an expression nested past the stack: it gets a typed error, and the
    /// same worker (the stack runs one) answers the next request.
    @Test func aDeeplyNestedExpressionIsRefusedAndTheWorkerLives() async throws {
        try await withCalcStack { stack in
            for expression in [
                Array(repeating: "1", count: 100_000).joined(separator: "+"),
                String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000),
            ] {
                await #expect {
                    _ = try await stack.call("calc", "evaluate", ["expression": .string(expression)])
                } throws: { error in
                    guard let error = error as? WireError else { return false }
                    return error.code == .invalidArgument && error.message.contains("nested too deeply")
                }
            }
            let answer = try await stack.call("calc", "evaluate", ["expression": "6*7"])
            #expect(answer["value"] == "42")
        }
    }

    @Test func convertAndUnits() async throws {
        try await withCalcStack { stack in
            let result = try await stack.call("calc", "convert", ["value": "5", "from": "mi", "to": "kilometres"])
            #expect(result["value"] == "8.04672")
            #expect(result["category"] == "length")
            let units = try await stack.call("calc", "units", ["category": "temperature"])
            #expect(units["units"]?.arrayValue?.count == 4)
            await #expect {
                _ = try await stack.call("calc", "convert", ["value": "1", "from": "furlongz", "to": "m"])
            } throws: { ($0 as? WireError)?.code == .notFound && ($0 as? WireError)?.field == "from" }
        }
    }

    @Test func dateDiffAndDateAdd() async throws {
        try await withCalcStack { stack in
            let difference = try await stack.call(
                "calc",
                "dateDiff",
                ["from": "2024-01-31", "to": "2024-03-01", "unit": "days"]
            )
            #expect(difference["value"] == "30")
            #expect(difference["calendar"]?["months"] == 1)
            #expect(difference["calendar"]?["days"] == 1)
            let added = try await stack.call("calc", "dateAdd", ["date": "2024-01-31", "amount": 1, "unit": "months"])
            #expect(added["date"] == "2024-02-29")
        }
    }

    @Test func compoundInterestLoanRatiosAndGrowth() async throws {
        try await withCalcStack { stack in
            let growth = try await stack.call(
                "calc",
                "compoundInterest",
                ["principal": "10000", "ratePercent": "5", "years": 10, "compoundsPerYear": "continuous"]
            )
            #expect(growth["finalAmount"] == "16487.21")
            let loan = try await stack.call(
                "calc",
                "loan",
                ["principal": "300000", "ratePercent": "6", "years": 25, "rounding": "cents_half_up"]
            )
            #expect(loan["payment"] == "1932.90")
            #expect(loan["schedule"]?.arrayValue?[1]["interest"] == "1497.84")
            let ratios = try await stack.call("calc", "stockRatios", ["price": "150", "earningsPerShare": "6.25"])
            #expect(ratios["priceToEarnings"] == "24")
            let cagr = try await stack.call("calc", "cagr", ["start": "10000", "end": "20000", "years": 5])
            #expect(cagr["rate"] == "0.148698354997035")
        }
    }

    /// Needs `reckon-calc` started with `--rates-file config/ecb-rates-sample.xml` (LocalStack passes it).
    @Test func currencyAndRatesFromTheSampleFile() async throws {
        try await withCalcStack { stack in
            let rates = try await stack.call("calc", "rates", [:])
            #expect(rates["base"] == "EUR")
            #expect(rates["asOf"] == "2023-01-03")
            let conversion = try await stack.call("calc", "currency", ["amount": "100", "from": "EUR", "to": "USD"])
            #expect(conversion["amount"] == "105.45")
            await #expect {
                _ = try await stack.call("calc", "currency", ["amount": "1", "from": "EUR", "to": "XYZ"])
            } throws: { ($0 as? WireError)?.code == .notFound }
        }
    }
}
