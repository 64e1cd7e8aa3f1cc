import CalcAPI
import CalcService
import LedgerService
import ReckonClient
import Wire
import ZeroMQ

/// Runs saved calculations' calc ops on the calc workers, through the gateways' client endpoints, with no token:
/// the ledger fills a tax op's situation itself.
final class GatewayCalc: CalcCalls {
    private let client: ReckonClient

    /// Connects to the client endpoints of the gateways, a comma list (lazily: the gateways may start later), over
    /// CURVE with the worker's own keys when it has them.
    /// - Throws: ``ZMQError`` for a malformed endpoint.
    init(endpoints: String, curve: (serverKey: CurveKey, keyPair: CurveKeyPair)?) throws {
        client = try ReckonClient(configuration: .init(endpointList: endpoints, curve: curve))
    }

    func call(_ op: String, args: JSONValue, timeout: Duration) async throws -> JSONValue {
        try await client.call(service: CalcOps.service, op: op, args: args, timeout: timeout)
    }
}

/// calc in this worker's own process, when no `--calc-via` is given.
extension CalcInProcess: CalcCalls {}
