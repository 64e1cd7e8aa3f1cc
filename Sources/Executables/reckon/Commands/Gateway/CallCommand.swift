import ArgumentParser
import Wire

/// `reckon call SERVICE OP [--args JSON]`: any op of any service.
struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Call any op of any service and print its result.",
        discussion: #"Example: reckon call calc evaluate --args '{"expression": "2^100"}'"#
    )

    @Argument(help: "The service, e.g. calc or gateway.") var service: String
    @Argument(help: "The op, e.g. evaluate; every service answers ops.") var op: String
    @Option(help: "The op's arguments as a JSON object.") var args = "{}"
    @Option(help: "A ledger session token (from auth.login) to send with the request.") var token: String?
    @OptionGroup var client: ClientOptions

    func validate() throws {
        guard case .object = try? JSONValue(parsing: args) else {
            throw ValidationError("--args must be a JSON object")
        }
    }

    func run() async throws {
        let result = try await client.call(service: service, op: op, args: try JSONValue(parsing: args), token: token)
        print(result.prettyText)
    }
}
