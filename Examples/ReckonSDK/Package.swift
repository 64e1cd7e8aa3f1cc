// swift-tools-version:6.1
// A Swift SDK for Reckon's HTTP API, generated at build time from the repository's docs/openapi.json by apple's
// swift-openapi-generator, and a flow that uses it against a running bridge (docs/http.md, "Generated SDKs").
import PackageDescription

let package = Package(
    name: "reckon-sdk",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        // URLSession, which Foundation has on Linux too (FoundationNetworking, over libcurl): the lightest
        // transport to build; swift-openapi-async-http-client would add async-http-client's minutes.
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "ReckonSDK",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .executableTarget(
            name: "reckon-sdk-flow",
            dependencies: [
                "ReckonSDK",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ]
)
