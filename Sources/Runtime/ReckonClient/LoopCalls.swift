import Wire

/// A client that sends a call from the event loop it runs on and answers there, with no task to resume
/// (``LoopClient``'s): what the HTTP bridge's pipeline answers op calls with (decision 0136).
public protocol LoopCalls: ReckonCalls {
    /// Sends `call` as ``ReckonCalls/replyBytes(to:timeout:requestID:)`` does, untraced, and gives `done` its reply,
    /// or the error it ended with, on the event loop this was called on.
    func send(
        _ call: ReckonClient.Request,
        timeout: Duration?,
        requestID: String?,
        done: @escaping @Sendable (Result<ReplyBytes, any Error>) -> Void
    )
}
