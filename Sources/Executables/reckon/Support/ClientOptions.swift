import ArgumentParser
import Foundation
import ReckonClient
import Wire
import ZeroMQ

/// Options for every command that talks to a gateway: where, how long to wait, and how to print.
struct ClientOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The gateway's client endpoint; a comma list for several gateways, tried in order with failover "
                + "(env RECKON_CLIENT_ENDPOINT)."
        )
    )
    var endpoint = ProcessInfo.processInfo.environment["RECKON_CLIENT_ENDPOINT"] ?? "tcp://127.0.0.1:5555"

    @Option(help: "Milliseconds to wait for a reply.")
    var timeoutMs = 10_000

    @Flag(help: "Print the JSON result instead of text.")
    var json = false

    @Flag(
        help: ArgumentHelp(
            "Send the calls in a trace and print its id on standard error.",
            discussion: "The trace continues TRACEPARENT (and TRACESTATE) when the environment sets them, as a script "
                + "in a trace passes it on; else it is a new one. Every process that exports spans records the calls "
                + "in it (docs/deploy.md, \"Tracing\")."
        )
    )
    var trace = false

    @Option(
        help: "File with the gateway's Z85 CURVE public key; enables CURVE (env RECKON_CLIENT_CURVE_SERVER_KEY_FILE)."
    )
    var curveServerKeyFile = ProcessInfo.processInfo.environment["RECKON_CLIENT_CURVE_SERVER_KEY_FILE"]

    @Option(
        help: ArgumentHelp(
            "File with this client's Z85 CURVE secret key, from reckon keygen (env RECKON_CLIENT_CURVE_SECRET_KEY_FILE).",
            discussion: "A gateway with a client allow-list admits only listed keys; without this file the CLI makes "
                + "a fresh key pair on every run."
        )
    )
    var curveSecretKeyFile = ProcessInfo.processInfo.environment["RECKON_CLIENT_CURVE_SECRET_KEY_FILE"]

    func validate() throws {
        guard timeoutMs > 0 else { throw ValidationError("--timeout-ms must be positive") }
        guard curveSecretKeyFile == nil || curveServerKeyFile != nil else {
            throw ValidationError("--curve-secret-key-file needs --curve-server-key-file")
        }
    }

    /// Calls `op` on `service` and returns the reply's `result`. A reply error is printed to standard error and
    /// ends the command with exit code 1.
    func call(service: String, op: String, args: JSONValue = [:], token: String? = nil) async throws -> JSONValue {
        let client = try makeClient()
        defer { client.close() }
        do {
            return try await client.call(service: service, op: op, args: args, token: token)
        } catch let error as WireError {
            FileHandle.standardError.write(Data((Self.describe(error) + "\n").utf8))
            throw ExitCode(1)
        }
    }

    /// Prints `result` as JSON when `--json` is set, else as `text(result)`.
    func print(_ result: JSONValue, text: (JSONValue) -> String) {
        Swift.print(json ? result.prettyText : text(result))
    }

    func makeClient() throws -> ReckonClient {
        var configuration = ReckonClient.Configuration(
            endpoints: endpoint.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) },
            timeout: .milliseconds(timeoutMs)
        )
        if let curveServerKeyFile {
            try configuration.useCurve(serverKeyFile: curveServerKeyFile, secretKeyFile: curveSecretKeyFile)
        }
        configuration.traceContext = traceContext()
        return try ReckonClient(configuration: configuration)
    }

    /// `error [code] message (field: f)` plus one line per detail.
    static func describe(_ error: WireError) -> String {
        var text = "error [\(error.code)] \(error.message)"
        if let field = error.field { text += " (field: \(field))" }
        for detail in error.details ?? [] { text += "\n  \(detail.field): [\(detail.code)] \(detail.message)" }
        return text
    }
}
