import Foundation
import Logging
import Synchronization
import Testing

@testable import Observability

/// The log lines every process writes through ``LogWriter``: the same text `StreamLogHandler` wrote before, so
/// nothing that reads the logs sees a change.
@Suite struct LogWriterTests {
    /// A stream that keeps what is written to it.
    private final class Kept: TextOutputStream, Sendable {
        let text = Mutex("")
        func write(_ string: String) { text.withLock { $0 += string } }
    }

    /// What follows the timestamp (the two handlers each read the clock).
    private func afterTimestamp(_ line: String) -> Substring { line.drop { $0 != " " } }

    @Test(arguments: [Logger.Level.info, .warning])
    func aRecordFormatsAsStreamLogHandlerWouldWriteIt(level: Logger.Level) {
        let kept = Kept()
        var stream = StreamLogHandler(label: "reckon.http", stream: kept)
        stream.logLevel = .trace
        stream[metadataKey: "hb.request.id"] = "7"
        let metadata: Logger.Metadata = ["http.status": "200", "duration.ms": "3", "a": .array(["x", "y"])]
        stream.log(
            event: LogEvent(
                level: level,
                message: "request",
                metadata: metadata,
                source: "HTTPBridge",
                file: #fileID,
                function: #function,
                line: #line
            )
        )
        var batched = BatchedLogHandler(label: "reckon.http", logLevel: .trace)
        batched[metadataKey: "hb.request.id"] = "7"
        let record = LogWriter.Record(
            time: time(nil),
            level: level,
            label: "reckon.http",
            metadata: batched.metadata.merging(metadata) { $1 },
            source: "HTTPBridge",
            message: "request"
        )
        var line = ""
        LogWriter.format(record, into: &line)
        #expect(afterTimestamp(line) == afterTimestamp(kept.text.withLock { $0 }))
        #expect(line.hasSuffix(" [HTTPBridge] request\n"))
    }
}
