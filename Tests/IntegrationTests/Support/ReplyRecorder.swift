import Foundation
import ReckonClient
import Synchronization
import Wire

/// Appends every reply the end-to-end suites' clients receive to the file `$RECKON_REPLY_LOG` names, one JSON line
/// `{"service", "op", "reply"}` each; `scripts/test.sh` then validates each against its op's result schema with an
/// independent validator (`scripts/check-replies.py`). Without the variable nothing is recorded.
enum ReplyRecorder {
    private static let file: Mutex<FileHandle?> = Mutex(openLog())

    /// The observer to put in a client's configuration; `nil` when no log is asked for.
    static let observer: (@Sendable (ReckonClient.ObservedReply) -> Void)? =
        ProcessInfo.processInfo.environment["RECKON_REPLY_LOG"] == nil ? nil : { @Sendable in record($0) }

    private static func openLog() -> FileHandle? {
        guard let path = ProcessInfo.processInfo.environment["RECKON_REPLY_LOG"] else { return nil }
        if !FileManager.default.fileExists(atPath: path) {
            FileManager.default.createFile(atPath: path, contents: nil)
        }
        let handle = FileHandle(forWritingAtPath: path)
        handle?.seekToEndOfFile()
        return handle
    }

    private static func record(_ observed: ReckonClient.ObservedReply) {
        let line: JSONValue = [
            "service": .string(observed.service), "op": .string(observed.op), "reply": observed.reply,
        ]
        let bytes = Data(line.serialized + [UInt8(ascii: "\n")])
        file.withLock { $0?.write(bytes) }
    }
}

extension ReckonClient.Configuration {
    /// This configuration with its replies recorded by ``ReplyRecorder``.
    func recordingReplies() -> Self {
        var configuration = self
        configuration.replyObserver = ReplyRecorder.observer
        return configuration
    }
}
