// swift-tools-version:6.1
// Reckon: Apache License 2.0 (LICENSE).
import PackageDescription

/// Settings shared by every target: Swift 6 language mode plus the upcoming features the style guide asks for.
/// `InternalImportsByDefault` and `NonisolatedNonsendingByDefault` are deliberately left off (see docs/decisions.md).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "reckon",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ReckonClient", targets: ["ReckonClient", "GatewayAPI", "CalcAPI", "OrdersAPI", "LedgerAPI"]),
        .executable(name: "reckon", targets: ["reckon"]),
        .executable(name: "reckon-gateway", targets: ["reckon-gateway"]),
        .executable(name: "reckon-calc", targets: ["reckon-calc"]),
        .executable(name: "reckon-orders", targets: ["reckon-orders"]),
        .executable(name: "reckon-ledger", targets: ["reckon-ledger"]),
        .executable(name: "reckon-bench", targets: ["reckon-bench"]),
        .executable(name: "reckon-http", targets: ["reckon-http"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swhitty/FlyingFox.git", from: "0.27.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/attaswift/BigInt.git", from: "6.0.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // Core only: HummingbirdTesting would pull async-http-client into the build; the HTTP tests are Python's.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        // Trace export (the Telemetry target, linked by the executables alone): W3C Trace Context, and OTLP/HTTP
        // posted with async-http-client (decision 0109: Reckon's own tracer, not swift-otel's).
        .package(url: "https://github.com/swift-otel/swift-w3c-trace-context.git", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-service-context.git", from: "1.5.1"),
        // zlib for the bridge's gzip answers (the system's libz).
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
    ],
    targets: [
        // MARK: - ZeroMQ
        .systemLibrary(name: "CZeroMQ", path: "Sources/Transport/CZeroMQ", providers: [.apt(["libzmq3-dev"])]),
        .systemLibrary(name: "CSodium", path: "Sources/Storage/CSodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CMalloc", path: "Sources/Runtime/CMalloc"),
        .systemLibrary(name: "CSpawn", path: "Sources/Runtime/CSpawn"),
        .systemLibrary(name: "CSQLite", path: "Sources/Storage/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "ZeroMQ", dependencies: ["CZeroMQ"], path: "Sources/Transport/ZeroMQ"),

        // MARK: - Protocol and contract
        .target(
            name: "Majordomo",
            dependencies: [
                "ZeroMQ",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ],
            path: "Sources/Transport/Majordomo"
        ),
        .target(name: "Wire", path: "Sources/Contracts/Wire"),
        .target(name: "GatewayAPI", dependencies: ["Wire"], path: "Sources/Contracts/GatewayAPI"),
        .target(name: "CalcAPI", dependencies: ["Wire"], path: "Sources/Contracts/CalcAPI"),

        // MARK: - Runtime
        .target(
            name: "Observability",
            dependencies: [
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Runtime/Observability"
        ),
        .target(
            name: "Gateway",
            dependencies: [
                "EnvelopeTracing", .product(name: "Tracing", package: "swift-distributed-tracing"),
                "ZeroMQ", "Majordomo", "Wire", "GatewayAPI", "CMalloc",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Runtime/Gateway"
        ),
        .target(name: "DeadlineWatch", path: "Sources/Runtime/DeadlineWatch"),
        .target(name: "Autoscale", path: "Sources/Runtime/Autoscale"),
        .target(name: "Spawn", dependencies: ["CSpawn"], path: "Sources/Runtime/Spawn"),
        .target(
            name: "EnvelopeTracing",
            dependencies: [
                "Wire", .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
            ],
            path: "Sources/Runtime/EnvelopeTracing"
        ),
        .target(
            name: "Telemetry",
            dependencies: [
                "Observability",
                .product(name: "W3CTraceContext", package: "swift-w3c-trace-context"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceContextModule", package: "swift-service-context"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            path: "Sources/Runtime/Telemetry"
        ),
        .target(
            name: "WorkerRuntime",
            dependencies: [
                "ZeroMQ", "Majordomo", "Wire", "DeadlineWatch", "EnvelopeTracing",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            path: "Sources/Runtime/WorkerRuntime"
        ),
        .target(
            name: "ServerCommands",
            dependencies: [
                "Observability", "WorkerRuntime", "ZeroMQ", "Webhooks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Runtime/ServerCommands"
        ),
        .target(
            name: "ReckonClient",
            dependencies: [
                "ZeroMQ", "Majordomo", "Wire", "GatewayAPI", "EnvelopeTracing",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            path: "Sources/Runtime/ReckonClient"
        ),
        .target(
            name: "LoopClient",
            dependencies: [
                "ReckonClient", "Majordomo", "Wire", "GatewayAPI", "EnvelopeTracing",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Sources/Runtime/LoopClient"
        ),
        .target(
            name: "HTTPBridge",
            dependencies: [
                "IPAddresses", "EnvelopeTracing",
                "ReckonClient", "Wire", "GatewayAPI", "LedgerAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            path: "Sources/Runtime/HTTPBridge",
            resources: [.copy("Public")]
        ),
        .target(
            name: "StorageCommands",
            dependencies: [
                "EnvelopeTracing",
                "Storage", "StorageSQLite", "StoragePostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Storage/StorageCommands"
        ),
        .target(name: "IPAddresses", path: "Sources/Runtime/IPAddresses"),
        .target(
            name: "Webhooks",
            dependencies: [
                "Storage", "Wire", "CSodium", "IPAddresses",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Runtime/Webhooks"
        ),
        .target(
            name: "StoredOps",
            dependencies: ["Storage", "Wire", "WorkerRuntime", .product(name: "Logging", package: "swift-log")],
            path: "Sources/Runtime/StoredOps"
        ),

        // MARK: - Storage (only the two driver targets import a database driver)
        .target(
            name: "Storage",
            dependencies: ["CSodium", .product(name: "Tracing", package: "swift-distributed-tracing")],
            path: "Sources/Storage/Storage"
        ),
        .target(
            name: "StorageSQLite",
            dependencies: [
                "Storage",
                "CSQLite",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Storage/StorageSQLite"
        ),
        .target(
            name: "StoragePostgres",
            dependencies: [
                "Storage", "DeadlineWatch",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Storage/StoragePostgres"
        ),

        // MARK: - Domain (pure)
        .target(name: "Dates", path: "Sources/Domain/Dates"),
        .target(
            name: "Calculator",
            dependencies: ["Dates", .product(name: "BigInt", package: "BigInt")],
            path: "Sources/Domain/Calculator"
        ),
        .target(name: "Tax", path: "Sources/Domain/Tax", resources: [.copy("Data")]),
        .target(
            name: "Ceiling",
            dependencies: ["Calculator", .product(name: "BigInt", package: "BigInt")],
            path: "Sources/Domain/Ceiling",
            resources: [.copy("Data")]
        ),
        .target(name: "Money", path: "Sources/Domain/Money"),
        .target(name: "Ledger", dependencies: ["Money", "Dates"], path: "Sources/Domain/Ledger"),
        .target(name: "Ordering", dependencies: ["Money"], path: "Sources/Domain/Ordering", resources: [.copy("Data")]),
        .target(name: "CheckoutForm", path: "Sources/Domain/CheckoutForm", resources: [.copy("Data")]),
        .target(name: "OrdersAPI", dependencies: ["Wire"], path: "Sources/Contracts/OrdersAPI"),
        .target(name: "LedgerAPI", dependencies: ["Wire"], path: "Sources/Contracts/LedgerAPI"),

        // MARK: - Services
        .target(
            name: "CalcService",
            dependencies: [
                "WorkerRuntime", "Wire", "CalcAPI", "Calculator", "Ceiling", "Tax", "Dates",
            ],
            path: "Sources/Services/CalcService"
        ),
        .target(
            name: "OrdersService",
            dependencies: [
                "WorkerRuntime", "Wire", "Storage", "StoredOps", "Money", "Ordering", "CheckoutForm", "OrdersAPI",
                "Webhooks",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Services/OrdersService"
        ),

        .target(
            name: "LedgerService",
            dependencies: [
                "WorkerRuntime", "Wire", "Storage", "StoredOps", "Money", "Ledger", "LedgerAPI", "Calculator",
                "CalcAPI", "Tax", "Dates", "CSodium", "Webhooks", .product(name: "BigInt", package: "BigInt"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Services/LedgerService"
        ),

        // MARK: - Executables
        .executableTarget(
            name: "reckon-gateway",
            dependencies: [
                "Telemetry",
                "Gateway", "Observability", "ServerCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Executables/reckon-gateway"
        ),
        .executableTarget(
            name: "reckon-calc",
            dependencies: [
                "Telemetry",
                "CalcService", "CalcAPI", "ReckonClient", "LedgerAPI", "WorkerRuntime", "Observability",
                "ServerCommands", "ZeroMQ",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Executables/reckon-calc"
        ),
        .executableTarget(
            name: "reckon-orders",
            dependencies: [
                "Telemetry",
                "OrdersService", "StorageCommands", "Storage", "WorkerRuntime", "Observability", "ServerCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Executables/reckon-orders"
        ),
        .executableTarget(
            name: "reckon-ledger",
            dependencies: [
                "Telemetry",
                "LedgerService", "StorageCommands", "WorkerRuntime", "Observability", "ServerCommands", "Calculator",
                "CalcService", "CalcAPI", "ReckonClient", "ZeroMQ",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Sources/Executables/reckon-ledger"
        ),
        .executableTarget(
            name: "reckon",
            dependencies: [
                "ReckonClient", "Wire", "ZeroMQ", "GatewayAPI", "CalcAPI", "OrdersAPI", "LedgerAPI", "Autoscale",
                "Spawn", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Executables/reckon"
        ),
        .executableTarget(
            name: "reckon-http",
            dependencies: [
                "Telemetry",
                "HTTPBridge", "LoopClient", "ReckonClient", "ServerCommands", "Observability", "ZeroMQ",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            path: "Sources/Executables/reckon-http"
        ),
        .executableTarget(
            name: "reckon-bench",
            dependencies: [
                "ReckonClient", "Majordomo", "Wire", "ZeroMQ", "CalcService", "Calculator", "Tax", "Ceiling",
                "WorkerRuntime", "OrdersService", "LedgerService", "Storage", "StorageSQLite", "StoragePostgres",
                "Spawn", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Executables/reckon-bench"
        ),

        // MARK: - Tests
        .target(
            name: "ReckonTesting",
            dependencies: [
                "Storage", "StorageSQLite", "StoragePostgres", "Wire", "WorkerRuntime", "Spawn",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Testing/ReckonTesting"
        ),
        .testTarget(name: "ZeroMQTests", dependencies: ["ZeroMQ"]),
        .testTarget(name: "MajordomoTests", dependencies: ["Majordomo", "ZeroMQ"]),
        .testTarget(
            name: "GatewayTests",
            dependencies: ["Gateway", "GatewayAPI", "Majordomo", "ZeroMQ", "Wire", "ReckonTesting"]
        ),
        .testTarget(name: "WireTests", dependencies: ["Wire"]),
        .testTarget(name: "WebhooksTests", dependencies: ["Webhooks"]),
        .testTarget(name: "IPAddressesTests", dependencies: ["IPAddresses"]),
        .testTarget(name: "AutoscaleTests", dependencies: ["Autoscale"]),
        .testTarget(name: "SpawnTests", dependencies: ["Spawn"]),
        .testTarget(
            name: "TelemetryTests",
            dependencies: [
                "Telemetry", .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "W3CTraceContext", package: "swift-w3c-trace-context"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "LoopClientTests",
            dependencies: [
                "LoopClient",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "HTTPBridgeTests", dependencies: ["HTTPBridge", "ReckonClient", "LedgerAPI", "Wire"]),
        .testTarget(
            name: "ServerCommandsTests",
            dependencies: [
                "ServerCommands", "StorageCommands", "Observability",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "WorkerRuntimeTests",
            dependencies: [
                "WorkerRuntime", "DeadlineWatch", "Wire", "ZeroMQ", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "CalculatorTests", dependencies: ["Calculator", "Dates"], resources: [.copy("Resources")]),
        .testTarget(name: "TaxTests", dependencies: ["Tax"]),
        .testTarget(
            name: "CalcServiceTests",
            dependencies: [
                "CalcService", "CalcAPI", "Calculator", "Ceiling", "Tax", "Wire", "ReckonTesting",
            ]
        ),
        .testTarget(name: "CeilingTests", dependencies: ["Ceiling", "Calculator"], resources: [.copy("Resources")]),
        .testTarget(name: "MoneyTests", dependencies: ["Money", "ReckonTesting"]),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger", "Money", "ReckonTesting"]),
        .testTarget(name: "OrderingTests", dependencies: ["Ordering", "ReckonTesting"]),
        .testTarget(name: "CheckoutFormTests", dependencies: ["CheckoutForm"], resources: [.copy("Resources")]),
        .testTarget(
            name: "StorageTests",
            dependencies: [
                "Storage", "StorageSQLite", "StoragePostgres", "ReckonTesting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "ReckonClient", "LoopClient", "Majordomo", "Wire", "ZeroMQ", "OrdersAPI", "LedgerAPI", "ReckonTesting",
                "Storage", "StoragePostgres", "Spawn", "CalcAPI", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "LedgerServiceTests",
            dependencies: [
                "LedgerService", "LedgerAPI", "Ledger", "Calculator", "CalcService", "WorkerRuntime", "Wire", "Storage",
                "StorageSQLite", "StoragePostgres", "ReckonTesting", "Webhooks",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "OrdersServiceTests",
            dependencies: [
                "OrdersService", "OrdersAPI", "Ordering", "WorkerRuntime", "Wire", "Storage", "StoragePostgres",
                "ReckonTesting",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
