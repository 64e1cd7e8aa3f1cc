// Calls the calc service through a running gateway (start one with `scripts/up.sh`), through the op's typed contract.
import CalcAPI
import ReckonClient
import Wire

let client = try ReckonClient(configuration: .init(endpoint: "tcp://127.0.0.1:5555", timeout: .seconds(5)))
defer { client.close() }
do {
    let answer = try await client.call(EvaluateOp.self, .init(expression: "2^100"))
    print(answer.value)
} catch let error as WireError {
    print("error [\(error.code)] \(error.message)")
}
