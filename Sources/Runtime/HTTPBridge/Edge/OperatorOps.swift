import Wire

/// Ops that answer over HTTP only to an operator: the gateway's `stats` tells every service's load and every
/// refusal, which is for the people who run Reckon, not for whoever reaches the bridge. Without an operator token
/// they are not served over HTTP at all; over MDP the gateway's client allow-list guards them.
public struct OperatorOps: Sendable {
    /// `service op` pairs that need the operator token.
    static let guarded: Set<String> = ["gateway stats"]

    /// The bearer token an operator sends (`--operator-token-file`); nil serves the guarded ops to nobody.
    let token: String?

    public init(token: String?) {
        self.token = token
    }

    /// Whether `service op` is guarded.
    func guards(service: String, op: String) -> Bool { Self.guarded.contains("\(service) \(op)") }

    /// Throws unless `presented` is the operator token; compares in time that does not depend on where they differ.
    func check(_ presented: String?) throws {
        guard let token else {
            throw WireError(.permissionDenied, "this op is served over HTTP only with --operator-token-file")
        }
        let (given, expected) = (Array((presented ?? "").utf8), Array(token.utf8))
        var difference = given.count ^ expected.count
        for index in expected.indices { difference |= Int(expected[index] ^ (index < given.count ? given[index] : 0)) }
        guard presented != nil, difference == 0 else {
            throw WireError(.unauthenticated, "this op needs the operator's bearer token", field: "Authorization")
        }
    }
}
