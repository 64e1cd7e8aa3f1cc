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
        let shell = try CapturedRun.run(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c",
                "docker-compose -f compose.yaml config | python3 -c 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'",
            ],
            currentDirectory: LocalStack.repositoryRoot
        )
        #expect(
            shell.status == 0,
            "docker-compose config failed (scripts/test.sh installs docker-compose): \(String(decoding: shell.errors, as: UTF8.self))"
        )
        return try JSONValue(parsing: Array(shell.output))
    }

    @Test func twoGatewaysServeEveryScalableWorkerAndTheBridgeWithSecretsOnly() throws {
        let compose = try resolved()
        let services = try #require(compose["services"]?.objectValue)
        #expect(
            Set(services.members.map(\.key)) == [
                "gateway-a", "gateway-b", "calc", "orders", "ledger", "http", "postgres",
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
