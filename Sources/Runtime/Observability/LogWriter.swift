import Foundation
import Logging

/// Standard error, written in batches by a thread of its own (issue #36: the bridge's access log line and metrics
/// were about a sixth of its CPU per request). A record below `warning` costs its caller an append under a lock:
/// the thread gathers records for a few milliseconds, then formats them and writes them at once. A record at
/// `warning` or worse is written at once, after every record before it, and whatever waits is written when the
/// process exits normally; a crash loses at most the last few milliseconds of records below `warning`.
final class LogWriter: @unchecked Sendable {
    // @unchecked: `records` is only touched with `condition` locked.
    static let shared = LogWriter()

    /// One log call, kept until the thread formats it.
    struct Record {
        let time: time_t
        let level: Logger.Level
        let label: String
        let metadata: Logger.Metadata
        let source: String
        let message: Logger.Message
    }

    private let condition = NSCondition()
    private var records: [Record] = []
    /// How long the thread gathers records before it writes them, in microseconds.
    private let gather: useconds_t = 5_000

    private init() {
        let thread = Thread { [self] in run() }
        thread.name = "log-writer"
        thread.start()
        atexit { LogWriter.shared.flush() }
    }

    func append(_ record: Record) {
        condition.lock()
        defer { condition.unlock() }
        records.append(record)
        if record.level >= .warning {
            writeRecords()
        } else if records.count == 1 {
            condition.signal()
        }
    }

    /// Writes whatever waits.
    func flush() {
        condition.lock()
        defer { condition.unlock() }
        writeRecords()
    }

    private func run() {
        while true {
            condition.lock()
            while records.isEmpty { condition.wait() }
            condition.unlock()
            usleep(gather)
            flush()
        }
    }

    /// Formats the records as `StreamLogHandler` does and writes them to descriptor 2 in one go; `condition` must be
    /// locked, which keeps lines in order.
    private func writeRecords() {
        guard !records.isEmpty else { return }
        var text = ""
        for record in records { Self.format(record, into: &text) }
        records.removeAll(keepingCapacity: records.count <= 4_096)
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes {
                Foundation.write(2, $0.baseAddress! + written, $0.count - written)
            }
            if result > 0 {
                written += result
            } else if result < 0, errno == EINTR {
                continue
            } else {
                return  // standard error is gone: the lines have nowhere to go
            }
        }
    }

    /// `TIMESTAMP LEVEL LABEL: KEY=VALUE … [SOURCE] MESSAGE`, metadata sorted by key: `StreamLogHandler`'s line.
    static func format(_ record: Record, into text: inout String) {
        var time = record.time
        var parts = tm()
        localtime_r(&time, &parts)
        var stamp = [CChar](repeating: 0, count: 64)
        strftime(&stamp, stamp.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        text += String(cString: stamp) + " \(record.level)" + (record.label.isEmpty ? "" : " ") + record.label + ":"
        for (key, value) in record.metadata.sorted(by: { $0.key < $1.key }) { text += " \(key)=\(value)" }
        text += " [\(record.source)] \(record.message)\n"
    }
}

/// swift-log's handler for every Reckon process: the log call's fields go to ``LogWriter``, which formats and writes
/// them off the caller's thread.
struct BatchedLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    /// Adds metadata from the task's context to every line (the current span's `trace_id` and `span_id`).
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, provided in provided } }
        if let explicit = event.metadata {
            if merged.isEmpty { merged = explicit } else { merged.merge(explicit) { _, explicit in explicit } }
        }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        LogWriter.shared.append(
            .init(
                time: time(nil),
                level: event.level,
                label: label,
                metadata: merged,
                source: event.source,
                message: event.message
            )
        )
    }
}
