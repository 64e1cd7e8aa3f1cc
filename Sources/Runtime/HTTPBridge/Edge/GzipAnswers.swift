import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// gzip for JSON answers of more than ``threshold`` bytes, when the request's `Accept-Encoding` takes it (RFC 9110,
/// section 12.5.3): `Content-Encoding: gzip`, and `Vary: Accept-Encoding` on every JSON answer, compressed or not,
/// so a cache keeps the two apart. Streams (Server-Sent Events, whose length is unknown) and files pass as they are.
struct GzipAnswers<Context: RequestContext>: RouterMiddleware {
    /// Answers this long or shorter gain too little to be worth the CPU.
    static var threshold: Int { 1024 }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response = try await next(request, context)
        guard let type = response.headers[.contentType], Self.isJSON(type), response.headers[.contentEncoding] == nil
        else { return response }
        response.headers[values: .vary].append("Accept-Encoding")
        guard let length = response.body.contentLength, length > Self.threshold,
            Self.acceptsGzip(request.headers[values: .acceptEncoding])
        else { return response }
        var body = try await Self.collect(response.body, length: length)
        let compressed = try body.compress(with: .gzip(), allocator: ByteBufferAllocator())
        response.headers[.contentEncoding] = "gzip"
        response.body = ResponseBody(byteBuffer: compressed)
        return response
    }

    /// `application/json` or a `+json` type (`application/problem+json`), with parameters or not.
    static func isJSON(_ contentType: String) -> Bool {
        let type = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// Whether `Accept-Encoding` takes gzip: named (or `*`) with a weight above zero, and not refused by name.
    static func acceptsGzip(_ values: [String]) -> Bool {
        var gzip: Bool?
        var any: Bool?
        for item in values.flatMap({ $0.split(separator: ",") }) {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            switch coding {
            case "gzip", "x-gzip": gzip = weight > 0
            case "*": any = weight > 0
            default: continue
            }
        }
        return gzip ?? any ?? false
    }

    /// The body's bytes, which the bridge's JSON answers hold in one buffer.
    private static func collect(_ body: ResponseBody, length: Int) async throws -> ByteBuffer {
        let collector = Collector(capacity: length)
        try await body.write(collector)
        return collector.buffer
    }

    /// A body writer that keeps what is written.
    private final class Collector: ResponseBodyWriter {
        var buffer: ByteBuffer

        init(capacity: Int) { buffer = ByteBufferAllocator().buffer(capacity: capacity) }

        func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            self.buffer.writeBuffer(&buffer)
        }

        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
