import Foundation
import ReckonTesting
import Testing
import Wire

/// `compose.yaml` as `docker-compose config` reads it (the same check `docker stack deploy` starts with): two
/// gateways, every worker registered with both and scalable, secrets for every key and password.
@Suite struct ComposeFileTests {
    /// The file resolved by `docker-compose config`, as JSON (through Python's YAML reader, which docker-compose
    /// itself uses).
    private func resolved() throws -> JSONValue {
        try yaml("docker-compose -f compose.yaml config")
    }

    /// What `command` prints, a YAML document, as JSON (through Python's YAML reader, which docker-compose uses).
    private func yaml(_ command: String) throws -> JSONValue {
        let shell = try CapturedRun.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "\(command) | python3 -c 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'"],
            currentDirectory: LocalStack.repositoryRoot
        )
        #expect(
            shell.status == 0,
            "\(command) failed (scripts/test.sh installs docker-compose): \(String(decoding: shell.errors, as: UTF8.self))"
        )
        return try JSONValue(parsing: Array(shell.output))
    }

    /// The `tracing` profile: every server exports to the collector once `OTEL_EXPORTER_OTLP_ENDPOINT` names it (and
    /// to nothing while it is empty), and the collector's pipeline takes OTLP/HTTP and sends what it takes to Jaeger.
    @Test func theTracingProfileCollectsEveryServersSpansForJaeger() throws {
        let compose = try resolved()
        let services = try #require(compose["services"]?.objectValue)
        for name in ["gateway-a", "gateway-b", "calc", "orders", "ledger", "http"] {
            #expect(services[name]?["environment"]?["OTEL_EXPORTER_OTLP_ENDPOINT"] == "", "\(name)")
            #expect(services[name]?["profiles"] == nil, "\(name)")
        }
        for name in ["otel-collector", "jaeger"] {
            #expect(services[name]?["profiles"] == ["tracing"], "\(name)")
        }
        let mount = try #require(services["otel-collector"]?["volumes"]?.arrayValue?.first?.stringValue)
        #expect(mount.hasSuffix("deploy/otel/collector.yaml:/etc/otelcol/collector.yaml:ro"))

        let collector = try yaml("cat deploy/otel/collector.yaml")
        #expect(collector["receivers"]?["otlp"]?["protocols"]?["http"]?["endpoint"] == "0.0.0.0:4318")
        let traces = try #require(collector["service"]?["pipelines"]?["traces"])
        for (kind, names) in [
            ("receivers", traces["receivers"]), ("processors", traces["processors"]),
            ("exporters", traces["exporters"]),
        ] {
            for name in names?.arrayValue ?? [] {
                #expect(collector[kind]?[name.stringValue ?? ""] != nil, "the pipeline's \(kind) lists \(name)")
            }
        }
        let exporter = try #require(traces["exporters"]?.arrayValue?.first?.stringValue)
        #expect(collector["exporters"]?[exporter]?["endpoint"] == "jaeger:4317")
    }

    @Test func twoGatewaysServeEveryScalableWorkerAndTheBridgeWithSecretsOnly() throws {
        let compose = try resolved()
        let services = try #require(compose["services"]?.objectValue)
        #expect(
            Set(services.members.map(\.key)) == [
                "gateway-a", "gateway-b", "calc", "orders", "ledger", "http", "postgres", "otel-collector", "jaeger",
            ]
        )
        let http = try #require(services["http"])
        #expect(http["environment"]?["RECKON_GATEWAY"] == "tcp://gateway-a:5555,tcp://gateway-b:5555")
        #expect(http["deploy"]?["replicas"]?.cellInt ?? 0 >= 2)
        for worker in ["calc", "orders", "ledger"] {
            let service = try #require(services[worker])
            #expect(
                service["environment"]?["RECKON_WORKER_ENDPOINT"] == "tcp://gateway-a:5556,tcp://gateway-b:5556",
                "\(worker) must register with both gateways"
            )
            #expect(service["deploy"]?["replicas"]?.cellInt ?? 0 >= 2)
            #expect(service["deploy"]?["update_config"]?["order"] == "start-first")
            #expect(service["healthcheck"] != nil)
            #expect(service["ports"] == nil, "\(worker) publishes a port, so it could not scale")
        }
        for gateway in ["gateway-a", "gateway-b"] {
            #expect(services[gateway]?["environment"]?["RECKON_CURVE_SECRET_KEY_FILE"] != nil)
            #expect(services[gateway]?["deploy"]?["update_config"]?["parallelism"]?.cellInt == 1)
        }
        // No password or key in the environment: they come as secrets.
        for (name, service) in services.members {
            for (variable, value) in service["environment"]?.objectValue?.members ?? [] {
                #expect(!variable.contains("PASSWORD") || variable.hasSuffix("_FILE"), "\(name): \(variable)")
                #expect(!(value.stringValue ?? "").contains(":reckon-dev"), "\(name): \(variable)")
            }
        }
        let secrets = try #require(compose["secrets"]?.objectValue)
        #expect(
            Set(secrets.members.map(\.key)).isSuperset(of: [
                "gateway_secret_key", "worker_secret_key", "postgres_password",
            ])
        )
    }
}
