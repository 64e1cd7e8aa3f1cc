import Foundation
import Testing

@testable import Telemetry

@Suite struct TraceSettingsTests {
    private static func settings(_ environment: [String: String]) throws -> TraceSettings? {
        try TraceSettings.from(environment, serviceName: "reckon-calc")
    }

    @Test func isOffWithoutAnEndpointOrWhenTheExporterIsNone() throws {
        #expect(try Self.settings([:]) == nil)
        #expect(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": ""]) == nil)
        #expect(
            try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_TRACES_EXPORTER": "none"]) == nil
        )
        #expect(
            try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_SDK_DISABLED": "true"]) == nil
        )
    }

    @Test func readsTheStandardVariablesWithTheSpecificationsDefaults() throws {
        let plain = try #require(try Self.settings(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318/"]))
        #expect(plain.endpoint.absoluteString == "http://collector:4318/v1/traces")
        #expect(plain.timeout == .seconds(10) && plain.scheduleDelay == .seconds(5))
        #expect(plain.maxQueueSize == 2_048 && plain.maxExportBatchSize == 512 && plain.sampler == .standard)
        #expect(plain.resource.first! == ("service.name", "reckon-calc"))

        let set = try #require(
            try Self.settings([
                "OTEL_EXPORTER_OTLP_ENDPOINT": "http://ignored:4318",
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "https://tempo.example/otlp/traces",
                "OTEL_EXPORTER_OTLP_HEADERS": "x-api-key=abc%3D%3D, team=home",
                "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT": "2500",
                "OTEL_SERVICE_NAME": "calc-eu",
                "OTEL_RESOURCE_ATTRIBUTES": "deployment.environment=prod,service.name=other",
                "OTEL_TRACES_SAMPLER": "always_off",
                "OTEL_BSP_SCHEDULE_DELAY": "1000",
                "OTEL_BSP_MAX_QUEUE_SIZE": "10",
            ])
        )
        #expect(set.endpoint.absoluteString == "https://tempo.example/otlp/traces")
        #expect(set.headers.map { "\($0.name)=\($0.value)" } == ["x-api-key=abc==", "team=home"])
        #expect(set.timeout == .milliseconds(2_500) && set.scheduleDelay == .seconds(1) && set.maxQueueSize == 10)
        #expect(
            set.resource.prefix(2).map { "\($0.key)=\($0.value)" } == [
                "service.name=calc-eu", "deployment.environment=prod",
            ]
        )
        #expect(set.sampler == .alwaysOff)
    }

    @Test func namesTheVariableItCannotUse() {
        let cases: [(String, String)] = [
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318"),
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"),
            ("OTEL_EXPORTER_OTLP_COMPRESSION", "gzip"),
            ("OTEL_EXPORTER_OTLP_HEADERS", "novalue"),
            ("OTEL_BSP_MAX_QUEUE_SIZE", "0"),
            ("OTEL_TRACES_EXPORTER", "zipkin"),
        ]
        for (variable, value) in cases {
            var environment = ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"]
            environment[variable] = value
            #expect { try Self.settings(environment) } throws: { ($0 as? TraceSettingsError)?.variable == variable }
        }
    }
}
