import ArgumentParser
import CalcAPI

/// `reckon calc "2^100"`: evaluates an expression on the `calc` service.
struct CalcCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calc",
        abstract: "Evaluate an expression exactly where possible (2^100, 0.1+0.2, sqrt(8), 200 + 10%).",
        discussion: "Example: reckon calc \"sin(30)\" --angle deg"
    )

    @Argument(help: "The expression; quote it for the shell.")
    var expression: [String]

    @Option(help: "Angle unit for trigonometry: rad or deg.")
    var angle = "rad"

    @Option(help: "Significant digits for results that are not exact.")
    var digits = 15

    @Option(help: "The value of ans (the previous result).")
    var ans: String?

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let args = EvaluateOp.Args(
            expression: expression.joined(separator: " "),
            angle: angle,
            digits: digits,
            ans: ans.map { NumberText($0) }
        )
        let result = try await client.call(EvaluateOp.self, args)
        try client.print(typed: result) { result in
            var lines = [result.value]
            if let approx = result.approx { lines.append("≈ \(approx)") }
            if let form = result.exactForm, form != lines[0] { lines.append("= \(form)") }
            if !result.exact { lines.append("(rounded to \(digits) significant digits)") }
            return lines.joined(separator: "\n")
        }
    }
}
