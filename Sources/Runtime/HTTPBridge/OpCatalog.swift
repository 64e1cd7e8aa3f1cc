import GatewayAPI
import Logging
import NIOCore
import ReckonClient
import Synchronization
import Wire

/// Every service's ops as their `ops` replies list them, read through the gateway: what the bridge routes, which
/// ops answer `GET`, and what the OpenAPI document describes. Read on every request, so it sits behind a lock, not
/// an actor.
public final class OpCatalog: Sendable {
    private let listings = Mutex<[String: OpsListing]>([:])
    /// Counts the changes to the listings, so the document knows when it is stale.
    private let generation = Atomic<Int>(0)
    /// The OpenAPI document, and the generation of the listings it was made from.
    private let document = Mutex<(generation: Int, served: ServedDocument)?>(nil)

    public init() {}

    /// The OpenAPI document as it is served: its JSON, and the same gzipped.
    struct ServedDocument: Sendable {
        let json: ByteBuffer
        let gzipped: ByteBuffer
    }

    /// The OpenAPI document of the listings (``OpenAPIDocument``), serialized and gzipped once per change of the
    /// listings rather than once per request (525 kB; gzipping it takes milliseconds).
    func openAPIDocument(requestTimeouts: ClosedRange<Int>) throws -> ServedDocument {
        let made = generation.load(ordering: .acquiring)
        if let cached = document.withLock({ $0 }), cached.generation == made { return cached.served }
        let json = ByteBuffer(bytes: OpenAPIDocument.make(services, requestTimeouts: requestTimeouts).serialized)
        let served = ServedDocument(json: json, gzipped: try Gzip.compress(json))
        document.withLock { $0 = (made, served) }
        return served
    }

    /// The listings, by service name.
    public var services: [OpsListing] {
        listings.withLock { $0.values.sorted { $0.service < $1.service } }
    }

    /// Whether the gateway and at least one other service have been read.
    public var isReady: Bool {
        listings.withLock { $0[GatewayOps.service] != nil && $0.count > 1 }
    }

    /// The op `name` of `service`, if listed.
    public func op(_ service: String, _ name: String) -> OpDescription? {
        listings.withLock { $0[service]?.ops.first { $0.name == name } }
    }

    /// How long each listing is waited for, whatever the bridge's default wait for a call (`--timeout-ms`).
    static let listingWait: Duration = .seconds(5)

    /// Reads the gateway's `ops`, then the `ops` of every service its `health` lists. A service that does not
    /// answer keeps its last listing.
    /// - Returns: the services listed, when every one of them answered; `nil` when any did not.
    @discardableResult
    public func refresh(through client: ReckonClient, logger: Logger) async -> Set<String>? {
        var services = [GatewayOps.service]
        do {
            services += try await client.call(HealthOp.self, NoArgs(), timeout: Self.listingWait).services.map(\.name)
        } catch {
            logger.warning("cannot read the gateway's health", metadata: ["error": "\(error)"])
            return nil
        }
        var complete = true
        for service in services {
            do {
                let listing = try await client.call(
                    service: service,
                    op: OpDescription.ops.name,
                    timeout: Self.listingWait
                )
                let decoded = try JSONValueDecoder.decode(OpsListing.self, from: listing)
                let changed = listings.withLock { listings in
                    defer { listings[service] = decoded }
                    return listings[service] != decoded
                }
                if changed { generation.add(1, ordering: .releasing) }
            } catch {
                logger.warning("cannot read ops", metadata: ["service": "\(service)", "error": "\(error)"])
                complete = false
            }
        }
        return complete ? Set(services) : nil
    }
}
