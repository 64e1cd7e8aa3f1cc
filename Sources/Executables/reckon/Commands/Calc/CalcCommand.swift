import ArgumentParser
import Wire

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
        var args = JSONObject([
            ("expression", .string(expression.joined(separator: " "))), ("angle", .string(angle)),
            ("digits", .number(String(digits))),
        ])
        if let ans { args["ans"] = .string(ans) }
        let result = try await client.call(service: "calc", op: "evaluate", args: .object(args))
        client.print(result) { result in
            var lines = [result["value"]?.stringValue ?? ""]
            if let approx = result["approx"]?.stringValue { lines.append("≈ \(approx)") }
            if let form = result["exactForm"]?.stringValue, form != lines[0] { lines.append("= \(form)") }
            if result["exact"] == false { lines.append("(rounded to \(digits) significant digits)") }
            return lines.joined(separator: "\n")
        }
    }
}
