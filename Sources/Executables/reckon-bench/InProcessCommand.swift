import ArgumentParser
import CalcService
import Calculator
import Ceiling
import Foundation
import Logging
import Tax
import Wire
import WorkerRuntime

/// `reckon-bench inprocess`: times calc ops inside this process, no sockets: each library call alone and the whole
/// op as a worker runs it (JSON arguments decoded, result encoded).
struct InProcessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inprocess",
        abstract: """
            Time evaluate (100 tokens), convert, tax.estimate and ceiling.estimate in-process: library call and \
            whole op.
            """
    )

    @Option(help: "Calls per run.") var iterations = 5000
    @Option(help: "Runs; the median and the fastest run's per-call time are reported.") var runs = 15
    @Flag(help: "Print JSON.") var json = false
    @Option(help: "Only the cases whose name starts with this (evaluate, convert, tax, ceiling).") var only: String?

    /// Exactly 100 tokens: integers, decimals, parentheses and all five operators.
    static let expression =
        "-1+2*3-4/5+6^2-7*(8+9)/10+0.1*3-2.5/(1.5+0.25)+12*0.75-3^3/(4+5)+(6-7)*8"
        + "+0.2*(9-10)/11+2^5-13*0.5+(14+15)/(16-7)*0.3+17-18/19+0.05*20"

    func validate() throws {
        guard iterations > 0, runs > 0 else { throw ValidationError("--iterations and --runs must be positive") }
    }

    func run() async throws {
        let dispatcher = OpDispatcher(
            service: CalcService.name,
            registry: try CalcService.makeRegistry(configuration: .init()),
            logger: Logger(label: "reckon.bench")
        )
        let engine = TaxEngine(tables: try TaxTables.bundled())
        var income = TaxInput.Income()
        income.employment = FixedDecimal(85_000)
        let taxInput = TaxInput(province: "ON", income: income)
        let ceiling = try CeilingCatalogue.bundled()
        // ceiling.md section 6, example 1.
        let room: [String: CeilingValue] = [
            "length_m": .text("8.4"), "width_m": .number(Rational(6)), "drop_m": .text("0.8"),
            "spare_tiles": .number(Rational(4)),
        ]
        let cases: [(name: String, library: () throws -> Void, op: JSONValue)] = [
            (
                "evaluate (100 tokens)", { _ = try ExpressionCalculator.evaluate(Self.expression) },
                ["op": "evaluate", "args": ["expression": .string(Self.expression)]]
            ),
            (
                "convert 5 mi -> km", { _ = try UnitConverter.shared.convert("5", from: "mi", to: "km") },
                ["op": "convert", "args": ["value": "5", "from": "mi", "to": "km"]]
            ),
            (
                "tax.estimate ON 85000", { _ = try engine.estimate(taxInput) },
                ["op": "tax.estimate", "args": ["province": "ON", "income": ["employment": "85000"]]]
            ),
            (
                "ceiling.estimate 8.4x6 m", { _ = try ceiling.estimate(leaf: "regal_600x600", inputs: room) },
                [
                    "op": "ceiling.estimate",
                    "args": [
                        "product": "regal_600x600",
                        "inputs": ["length_m": "8.4", "width_m": 6, "drop_m": "0.8", "spare_tiles": 4],
                    ],
                ]
            ),
        ]
        var rows: [InProcessTiming] = []
        for (name, library, op) in cases where only.map(name.hasPrefix) ?? true {
            let body = [op.serialized]
            guard try JSONValue(parsing: await dispatcher.handle(body))["ok"] == true else {
                throw ValidationError("\(name): the op did not succeed")
            }
            let libraryTimes = try time { try library() }
            let opTimes = try await timeAsync {
                guard ReplyOutcome.contains(await dispatcher.handle(body), ReplyOutcome.okMarker) else {
                    throw BenchError("\(name): a timed call did not succeed")
                }
            }
            rows.append(InProcessTiming(name: name, library: libraryTimes, op: opTimes))
        }
        print(
            json ? InProcessTiming.json(rows).jsonText : InProcessTiming.table(rows, iterations: iterations, runs: runs)
        )
    }

    /// Per-call microseconds of each run.
    private func time(_ body: () throws -> Void) throws -> [Double] {
        try (0..<runs).map { _ in
            let started = ContinuousClock.now
            for _ in 0..<iterations { try body() }
            return (ContinuousClock.now - started).microseconds / Double(iterations)
        }
    }

    private func timeAsync(_ body: () async throws -> Void) async throws -> [Double] {
        var times: [Double] = []
        for _ in 0..<runs {
            let started = ContinuousClock.now
            for _ in 0..<iterations { try await body() }
            times.append((ContinuousClock.now - started).microseconds / Double(iterations))
        }
        return times
    }
}
