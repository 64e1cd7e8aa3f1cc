import AsyncHTTPClient
import Foundation
import Logging
import Metrics
import NIOCore
import NIOHTTP1
import NIOSSL
import ServiceLifecycle

/// Posts the queued spans to the OTLP/HTTP endpoint, in batches, from a task of its own: each time a batch is full or
/// the schedule delay has passed, and once more at shutdown. A failed export is logged when exports start failing and
/// when they recover, and its spans are counted lost (`reckon_trace_spans_lost_total`, with those the full queue
/// dropped): tracing never holds a request up, nor grows without bound.
final class OTLPExporter: Service {
    private let settings: TraceSettings
    private let queue: SpanQueue
    private let client: HTTPClient
    private let logger = Logger(label: "reckon.trace-export")
    private let lost = Counter(label: "reckon_trace_spans_lost_total")
    private let exported = Counter(label: "reckon_trace_spans_exported_total")

    init(settings: TraceSettings, queue: SpanQueue) throws {
        self.settings = settings
        self.queue = queue
        var configuration = HTTPClient.Configuration()
        configuration.tracing.tracer = nil  // the exporter's own requests are not traced
        if let file = settings.certificateFile {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .file(file)
            configuration.tlsConfiguration = tls
        }
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func run() async throws {
        var failing = false
        await withGracefulShutdownHandler {
            while !Task.isShuttingDownGracefully {
                await queue.wait(atMost: settings.scheduleDelay)
                failing = await exportWaiting(failing: failing)
            }
        } onGracefulShutdown: {
            self.queue.close()
        }
        repeat {
            failing = await exportWaiting(failing: failing)
        } while !failing && !queue.isEmpty
        try await client.shutdown()
    }

    /// Exports the waiting spans a batch at a time; returns whether the last export failed.
    private func exportWaiting(failing: Bool) async -> Bool {
        var failing = failing
        repeat {
            let (spans, dropped) = queue.take()
            if dropped > 0 { lost.increment(by: Int64(dropped)) }
            guard !spans.isEmpty else { break }
            let failure = await post(OTLPTraceRequest.encode(spans, resource: settings.resource))
            if let failure {
                lost.increment(by: Int64(spans.count))
                if !failing { logger.warning("trace export failing", metadata: ["reason": "\(failure)"]) }
            } else {
                exported.increment(by: Int64(spans.count))
                if failing { logger.info("trace export recovered") }
            }
            failing = failure != nil
        } while !failing && !queue.isEmpty
        return failing
    }

    /// Posts one export request; returns why it failed, or nil.
    private func post(_ body: [UInt8]) async -> String? {
        var request = HTTPClientRequest(url: settings.endpoint.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-protobuf")
        for (name, value) in settings.headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(settings.timeout.nanoseconds))
            _ = try await response.body.collect(upTo: 1 << 20)
            return (200..<300).contains(response.status.code) ? nil : "status \(response.status.code)"
        } catch {
            return "\(error)"
        }
    }
}

extension Duration {
    fileprivate var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
