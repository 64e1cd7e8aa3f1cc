import CalcAPI
import CalcService
import LedgerService
import ReckonClient
import Wire

/// Runs saved calculations' calc ops on the calc workers, through the gateways' client endpoints, with no token:
/// the ledger fills a tax op's situation itself.
final class GatewayCalc: CalcCalls {
    private let client: ReckonClient

    /// Connects to the client endpoints of the gateways, a comma list (lazily: the gateways may start later).
    /// - Throws: ``ZMQError`` for a malformed endpoint.
    init(endpoints: String) throws {
        client = try ReckonClient(
            configuration: .init(endpoints: endpoints.split(separator: ",").map { String($0) })
        )
    }

    func call(_ op: String, args: JSONValue, timeout: Duration) async throws -> JSONValue {
        try await client.call(service: CalcOps.service, op: op, args: args, timeout: timeout)
    }
}

/// calc in this worker's own process, when no `--calc-via` is given.
extension CalcInProcess: CalcCalls {}
