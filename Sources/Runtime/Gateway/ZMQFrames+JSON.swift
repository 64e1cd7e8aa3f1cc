import Wire
import ZeroMQ

extension ZMQFrames {
    /// The first frame as JSON, read in place, if there is one and it parses: what the gateway reads of a body it
    /// answers itself (built-in ops, batch replies), never of one it forwards; failure replies scan for the `id` alone.
    var firstJSON: JSONValue? {
        isEmpty ? nil : withBytes(at: 0) { try? JSONValue(parsing: $0) }
    }
}
