import Hummingbird
import Logging
import NIOCore

/// A request's context in the bridge: Hummingbird's core context and the address the request came from.
public protocol BridgeRequestContext: RequestContext {
    /// The peer's address without its port, for the per-address rate limit.
    var remoteAddress: String { get }
}

/// The bridge's request context.
public struct BridgeContext: BridgeRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
