import ArgumentParser
import Wire

/// What every request of a run asks: a service, an op and its arguments, encoded once.
struct BenchTarget: Sendable {
    let service: String
    let op: String
    /// The request body: `{"op":…,"args":…,"id":"bench"}` as compact JSON.
    let body: [UInt8]

    /// - Parameter arguments: the op's arguments as JSON text.
    /// - Throws: `ValidationError` when `arguments` is not a JSON object.
    init(service: String, op: String, arguments: String) throws {
        guard let args = try? JSONValue(parsing: arguments), args.objectValue != nil else {
            throw ValidationError("--args must be a JSON object, got \(arguments)")
        }
        self.service = service
        self.op = op
        body = JSONValue.object(JSONObject([("op", .string(op)), ("args", args), ("id", "bench")])).serialized
    }
}
