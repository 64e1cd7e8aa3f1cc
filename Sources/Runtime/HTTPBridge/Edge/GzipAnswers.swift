import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// gzip for JSON answers and the web app's text files (HTML, CSS, JavaScript) of more than ``Gzip/threshold`` bytes,
/// when the request's `Accept-Encoding` takes it (RFC 9110, section 12.5.3): `Content-Encoding: gzip`, and
/// `Vary: Accept-Encoding` on every such answer, compressed or not, so a cache keeps the two apart (the files' ETags
/// are weak already). Streams (Server-Sent Events, whose length is unknown), answers to `HEAD`, anything but a 200
/// (a file's range, a 304) and answers already encoded (the OpenAPI document, gzipped once: ``OpCatalog``) pass as
/// they are.
struct GzipAnswers<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response = try await next(request, context)
        let length = response.body.contentLength
        guard
            Gzip.varies(
                &response.headers,
                status: response.status,
                method: request.method,
                length: length,
                accepting: request.headers
            ),
            let length
        else { return response }
        let body = try await Self.collect(response.body, length: length)
        response.body = ResponseBody(byteBuffer: try Gzip.compress(body))
        return response
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

/// What gzip over HTTP needs: which answers are JSON, which requests take gzip, and the compression.
enum Gzip {
    /// Answers this long or shorter gain too little to be worth the CPU.
    static let threshold = 1024

    /// `application/json` or a `+json` type (`application/problem+json`), or the web app's text files' types
    /// (`text/html`, `text/css`, `text/javascript`, `application/javascript`), with parameters or not.
    static func isCompressible(_ contentType: String) -> Bool {
        if contentType == "application/json" { return true }  // every op's answer: no parsing
        let type = HeaderText.mediaType(contentType)
        return HeaderText.equals(type, lowercase: "application/json") || HeaderText.hasSuffix(type, lowercase: "+json")
            || ["text/html", "text/css", "text/javascript", "application/javascript"].contains {
                HeaderText.equals(type, lowercase: $0)
            }
    }

    /// Whether `Accept-Encoding` takes gzip: named (or `*`) with a weight above zero, and not refused by name.
    static func accepted(by values: [String]) -> Bool {
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

    /// Says that the answer depends on `Accept-Encoding`, once.
    static func vary(_ headers: inout HTTPFields) {
        let named = headers[values: .vary].flatMap { $0.split(separator: ",") }.contains {
            HeaderText.equals(HeaderText.trimmed($0), lowercase: "accept-encoding")
        }
        if !named { headers[values: .vary].append("Accept-Encoding") }
    }

    /// Adds `Vary` to the headers of an answer that gzip could change, and says whether to compress it (then with
    /// `Content-Encoding: gzip` set): a 200 of a compressible type not yet encoded, longer than ``threshold``, not to a
    /// `HEAD`, for a request that takes gzip.
    static func varies(
        _ headers: inout HTTPFields,
        status: HTTPResponse.Status,
        method: HTTPRequest.Method,
        length: Int?,
        accepting request: HTTPFields
    ) -> Bool {
        guard let type = headers[.contentType], isCompressible(type), headers[.contentEncoding] == nil else {
            return false
        }
        vary(&headers)
        guard status == .ok, method != .head, let length, length > threshold,
            accepted(by: request[values: .acceptEncoding])
        else { return false }
        headers[.contentEncoding] = "gzip"
        return true
    }

    /// `buffer` gzipped.
    static func compress(_ buffer: ByteBuffer) throws -> ByteBuffer {
        var buffer = buffer
        return try buffer.compress(with: .gzip(), allocator: ByteBufferAllocator())
    }
}
