// Calls the calc service through a running gateway (start one with `scripts/up.sh`).
import ReckonClient
import Wire

let client = try ReckonClient(configuration: .init(endpoint: "tcp://127.0.0.1:5555", timeout: .seconds(5)))
defer { client.close() }
do {
    let result = try await client.call(service: "calc", op: "evaluate", args: ["expression": "2^100"])
    print(result["value"]?.stringValue ?? "no value")
} catch let error as WireError {
    print("error [\(error.code)] \(error.message)")
}
