import Majordomo
import Wire

/// Gathers the replies of `batch` sub-requests, in request order, and answers the client when the last one is in.
struct BatchTracker: Sendable {
    private struct Batch: Sendable {
        var route: ClientRoute
        var id: String?
        var replies: [[UInt8]?]
        var remaining: Int
    }

    private var batches: [UInt64: Batch] = [:]
    /// Owner-request token -> (batch, index).
    private var slots: [UInt64: (batch: UInt64, index: Int)] = [:]
    private var nextToken: UInt64 = 1

    /// Batches still waiting for replies.
    var inFlight: Int { batches.count }

    /// Starts a batch of `count` replies for `route`; returns its key.
    mutating func start(route: ClientRoute, id: String?, count: Int) -> UInt64 {
        let key = takeToken()
        batches[key] = Batch(route: route, id: id, replies: Array(repeating: nil, count: count), remaining: count)
        return key
    }

    /// A fresh owner-request token for sub-request `index` of `batch`.
    mutating func token(batch: UInt64, index: Int) -> UInt64 {
        let token = takeToken()
        slots[token] = (batch, index)
        return token
    }

    /// Whether `token` belongs to a batch this tracker holds.
    func owns(_ token: UInt64) -> Bool { slots[token] != nil }

    /// Records sub-reply `reply` for `token`; when it completes its batch, returns the batch's route and reply body.
    mutating func record(token: UInt64, reply: [UInt8]) -> (ClientRoute, [UInt8])? {
        guard let slot = slots.removeValue(forKey: token) else { return nil }
        return record(batch: slot.batch, index: slot.index, reply: reply)
    }

    /// Records a sub-reply the gateway made itself (validation errors), by batch key and index.
    mutating func record(batch key: UInt64, index: Int, reply: [UInt8]) -> (ClientRoute, [UInt8])? {
        guard var batch = batches[key], batch.replies[index] == nil else { return nil }
        batch.replies[index] = reply
        batch.remaining -= 1
        guard batch.remaining == 0 else {
            batches[key] = batch
            return nil
        }
        batches[key] = nil
        return (batch.route, Self.encode(id: batch.id, replies: batch.replies.map { $0! }))
    }

    private mutating func takeToken() -> UInt64 {
        defer { nextToken += 1 }
        return nextToken
    }

    /// `{"ok":true,"id":…,"result":{"replies":[…]}}`, splicing each reply's JSON as it came from its worker.
    private static func encode(id: String?, replies: [[UInt8]]) -> [UInt8] {
        var output = Array(#"{"ok":true,"id":"#.utf8)
        (id.map(JSONValue.string) ?? .null).write(to: &output)
        output += Array(#","result":{"replies":["#.utf8)
        for (position, reply) in replies.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            output += reply
        }
        output += Array("]}}".utf8)
        return output
    }
}
