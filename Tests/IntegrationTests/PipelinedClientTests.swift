import ReckonClient
import Testing
import Wire

/// `ReckonClient.calls`: many requests in flight on one socket, answered in the order given.
@Suite struct PipelinedClientTests {
    @Test func aBatchOfFiveHundredComesBackInOrder() async throws {
        try await withLocalStack { stack in
            let requests = (1...500).map {
                ReckonClient.Request(service: "calc", op: "evaluate", args: ["expression": .string("\($0)*\($0)")])
            }
            let results = await stack.client.calls(requests)
            #expect(results.count == 500)
            for (index, result) in results.enumerated() {
                let value = try result.get()["value"]
                #expect(value == .string(String((index + 1) * (index + 1))))
            }
        }
    }

    @Test func eachCallKeepsItsOwnErrorAndServicesMix() async throws {
        try await withLocalStack { stack in
            let results = await stack.client.calls([
                .init(service: "calc", op: "evaluate", args: ["expression": "2+2"]),
                .init(service: "calc", op: "evaluate", args: ["expression": "1/0"]),
                .init(service: "calc", op: "convert", args: ["value": "1", "from": "km", "to": "m"]),
                .init(service: "calc", op: "nosuchop"),
            ])
            let (sum, metres) = (try results[0].get()["value"], try results[2].get()["value"])
            #expect(sum == "4")
            #expect((results[1].failure as? WireError)?.field == "expression")
            #expect(metres == "1000")
            #expect((results[3].failure as? WireError)?.code.rawValue == "unknown_op")
        }
    }

    @Test func aClosedClientFailsTheWholeBatchAtOnce() async throws {
        try await withLocalStack { stack in
            stack.client.close()
            let results = await stack.client.calls([.init(service: "calc", op: "evaluate", args: ["expression": "1"])])
            #expect((results[0].failure as? WireError)?.code == .unavailable)
        }
    }
}
