import Hummingbird
import Logging
import NIOCore

/// A request's context in the bridge: Hummingbird's core context, the address the request came from, and the caller
/// it counts as (``CallerLimits``).
public protocol BridgeRequestContext: RequestContext {
    /// The peer's address without its port.
    var remoteAddress: String { get }
    /// The end caller (`user:ID` or `address:IP`), once the op routes' limits have found it; empty before.
    var caller: String { get set }
}

/// The bridge's request context.
public struct BridgeContext: BridgeRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: String
    public var caller = ""

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
