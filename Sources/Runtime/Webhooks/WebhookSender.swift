import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Storage

/// Sends one signed delivery: a `POST` of the event's JSON with Standard Webhooks' `webhook-id`,
/// `webhook-timestamp` and `webhook-signature` headers, waiting at most ``timeout`` for the whole answer, following
/// no redirect (a redirect could lead into the workers' own network) and reading at most 64 KiB of the answer.
public final class WebhookSender: Sendable {
    /// What one attempt came to.
    public struct Outcome: Sendable, Equatable {
        /// The receiver's status, when it answered.
        public var status: Int?
        /// Why the attempt failed without an answer (a refused target, a timeout, a connection error).
        public var error: String?
        /// The receiver's `Retry-After`, in milliseconds, when it sent one (seconds or an HTTP date).
        public var retryAfter: Int64?
        /// How long the attempt took.
        public var milliseconds: Int64

        /// A 2xx answer.
        public var delivered: Bool { status.map { (200..<300).contains($0) } ?? false }
    }

    /// The longest an attempt may take: 15 seconds.
    public static let timeout = Duration.seconds(15)

    private let client: HTTPClient
    private let allowPrivate: Bool

    /// - Parameter allowPrivate: whether targets on loopback and private addresses are allowed (``WebhookTarget``).
    public init(allowPrivate: Bool) {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.tracing.tracer = nil
        configuration.timeout = .init(connect: .seconds(15), read: .seconds(15))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.allowPrivate = allowPrivate
    }

    /// Posts `body` to `url`, signed with `secret`, as the message `id` sent at `timestamp` (seconds since 1970).
    public func send(
        url: String,
        id: String,
        timestamp: Int64,
        body: [UInt8],
        secret: WebhookSecret
    ) async -> Outcome {
        let start = ContinuousClock.now
        func outcome(status: Int? = nil, error: String? = nil, retryAfter: Int64? = nil) -> Outcome {
            Outcome(
                status: status,
                error: error,
                retryAfter: retryAfter,
                milliseconds: (ContinuousClock.now - start).milliseconds
            )
        }
        do {
            let target = try WebhookTarget(url: url, allowPrivate: allowPrivate)
            try await NIOThreadPool.singleton.runIfActive { try target.checkResolved(allowPrivate: self.allowPrivate) }
        } catch let refusal as WebhookTarget.Refusal {
            return outcome(error: "refused: " + refusal.reason)
        } catch {
            return outcome(error: "\(error)")
        }
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "user-agent", value: "Reckon-Webhooks/1")
        request.headers.add(name: "webhook-id", value: id)
        request.headers.add(name: "webhook-timestamp", value: "\(timestamp)")
        request.headers.add(
            name: "webhook-signature",
            value: WebhookSignature.header(id: id, timestamp: timestamp, body: body, secret: secret)
        )
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await client.execute(request, timeout: .seconds(15))
            _ = try? await response.body.collect(upTo: 64 * 1024)
            return outcome(
                status: Int(response.status.code),
                retryAfter: response.headers.first(name: "retry-after").flatMap(Self.retryAfter)
            )
        } catch {
            return outcome(error: Self.describe(error))
        }
    }

    /// Closes the client's connections.
    public func shutdown() async { try? await client.shutdown() }

    /// `Retry-After` as milliseconds from now: delay-seconds, or an HTTP date (in the past: 0).
    static func retryAfter(_ value: String) -> Int64? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int64(text), seconds >= 0 { return min(seconds * 1000, RetrySchedule.longestRetryAfter) }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = format.date(from: text) else { return nil }
        return min(max(0, Int64(date.timeIntervalSinceNow * 1000)), RetrySchedule.longestRetryAfter)
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError, error == .deadlineExceeded || error == .readTimeout {
            return "timed out after 15 s"
        }
        return String("\(error)".prefix(300))
    }
}
