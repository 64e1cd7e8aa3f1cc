import Foundation

/// What the standard `OTEL_*` variables ask of trace export (the OpenTelemetry SDK environment specification, OTLP
/// exporter and batch span processor sections), read once at start. Export is over OTLP/HTTP with protobuf bodies.
struct TraceSettings: Sendable {
    /// Where spans are posted: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as given, or `OTEL_EXPORTER_OTLP_ENDPOINT` with
    /// `/v1/traces` added.
    var endpoint: URL
    /// Extra request headers (`OTEL_EXPORTER_OTLP_[TRACES_]HEADERS`: `key=value` pairs, comma-separated, values
    /// percent-decoded).
    var headers: [(name: String, value: String)]
    /// One export's time limit (`OTEL_EXPORTER_OTLP_[TRACES_]TIMEOUT`, milliseconds; 10 s).
    var timeout: Duration
    /// A PEM file of the CA certificates that sign the endpoint's (`OTEL_EXPORTER_OTLP_[TRACES_]CERTIFICATE`).
    var certificateFile: String?
    /// `service.name` and the other resource attributes (`OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`).
    var resource: [(key: String, value: String)]
    var sampler: TraceSampler
    /// How long spans wait to be sent in a batch (`OTEL_BSP_SCHEDULE_DELAY`, milliseconds; 5 s).
    var scheduleDelay: Duration
    /// Spans kept waiting at most; more are dropped and counted (`OTEL_BSP_MAX_QUEUE_SIZE`; 2048).
    var maxQueueSize: Int
    /// Spans in one export at most (`OTEL_BSP_MAX_EXPORT_BATCH_SIZE`; 512).
    var maxExportBatchSize: Int
}

/// An `OTEL_*` variable whose value cannot be used, named with the reason.
public struct TraceSettingsError: Error, CustomStringConvertible {
    public let variable: String
    public let reason: String
    public var description: String { "\(variable): \(reason)" }
}

extension TraceSettings {
    /// The settings `environment` asks for, or nil when it asks for no export: no endpoint is named,
    /// `OTEL_TRACES_EXPORTER` is `none`, or `OTEL_SDK_DISABLED` is `true`.
    /// - Throws: ``TraceSettingsError`` for a value that cannot be read or asks for what Reckon does not do.
    static func from(_ environment: [String: String], serviceName: String) throws -> TraceSettings? {
        let variables = Variables(environment: environment)
        guard variables["OTEL_SDK_DISABLED"]?.lowercased() != "true" else { return nil }
        guard let endpoint = try variables.endpoint() else { return nil }
        if let exporter = variables["OTEL_TRACES_EXPORTER"]?.lowercased(), exporter != "otlp" {
            guard exporter == "none" else {
                throw TraceSettingsError(variable: "OTEL_TRACES_EXPORTER", reason: "only otlp or none, not \(exporter)")
            }
            return nil
        }
        if let (name, value) = variables.signal("PROTOCOL"), value != "http/protobuf" {
            throw TraceSettingsError(variable: name, reason: "only http/protobuf is exported, not \(value)")
        }
        if let (name, value) = variables.signal("COMPRESSION"), value != "none" {
            throw TraceSettingsError(variable: name, reason: "only none is supported, not \(value)")
        }
        return TraceSettings(
            endpoint: endpoint,
            headers: try variables.signal("HEADERS").map(Variables.pairs) ?? [],
            timeout: .milliseconds(try variables.signalMilliseconds("TIMEOUT") ?? 10_000),
            certificateFile: variables.signal("CERTIFICATE")?.value,
            resource: try variables.resource(serviceName: serviceName),
            sampler: try TraceSampler(
                name: variables["OTEL_TRACES_SAMPLER"],
                argument: variables["OTEL_TRACES_SAMPLER_ARG"]
            ),
            scheduleDelay: .milliseconds(try variables.count("OTEL_BSP_SCHEDULE_DELAY") ?? 5_000),
            maxQueueSize: try variables.count("OTEL_BSP_MAX_QUEUE_SIZE", least: 1) ?? 2_048,
            maxExportBatchSize: try variables.count("OTEL_BSP_MAX_EXPORT_BATCH_SIZE", least: 1) ?? 512
        )
    }
}

/// The environment's non-empty values, and how the specification reads them.
private struct Variables {
    let environment: [String: String]

    subscript(name: String) -> String? {
        guard let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// The traces-only variable `OTEL_EXPORTER_OTLP_TRACES_SUFFIX`, else the general `OTEL_EXPORTER_OTLP_SUFFIX`.
    func signal(_ suffix: String) -> (name: String, value: String)? {
        for name in ["OTEL_EXPORTER_OTLP_TRACES_\(suffix)", "OTEL_EXPORTER_OTLP_\(suffix)"] {
            if let value = self[name] { return (name, value) }
        }
        return nil
    }

    func endpoint() throws -> URL? {
        let (name, text, addsPath): (String, String, Bool)
        if let value = self["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] {
            (name, text, addsPath) = ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", value, false)
        } else if let value = self["OTEL_EXPORTER_OTLP_ENDPOINT"] {
            (name, text, addsPath) = ("OTEL_EXPORTER_OTLP_ENDPOINT", value, true)
        } else {
            return nil
        }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil
        else { throw TraceSettingsError(variable: name, reason: "not an http or https URL: \(text)") }
        guard addsPath else { return url }
        return URL(string: (text.hasSuffix("/") ? String(text.dropLast()) : text) + "/v1/traces")
    }

    func signalMilliseconds(_ suffix: String) throws -> Int? {
        guard let (name, _) = signal(suffix) else { return nil }
        return try count(name)
    }

    func count(_ name: String, least: Int = 0) throws -> Int? {
        guard let text = self[name] else { return nil }
        guard let value = Int(text), value >= least else {
            throw TraceSettingsError(variable: name, reason: "not a whole number of at least \(least): \(text)")
        }
        return value
    }

    func resource(serviceName: String) throws -> [(key: String, value: String)] {
        var attributes =
            try self["OTEL_RESOURCE_ATTRIBUTES"].map {
                try Self.pairs(("OTEL_RESOURCE_ATTRIBUTES", $0))
            } ?? []
        let name = self["OTEL_SERVICE_NAME"] ?? attributes.last { $0.name == "service.name" }?.value ?? serviceName
        attributes.removeAll { $0.name == "service.name" }
        return [("service.name", name)] + attributes.map { ($0.name, $0.value) }
            + [("telemetry.sdk.name", "reckon"), ("telemetry.sdk.language", "swift")]
    }

    /// `key=value,key=value` with percent-encoded values (W3C Baggage's form, which the specification uses).
    static func pairs(_ variable: (name: String, value: String)) throws -> [(name: String, value: String)] {
        try variable.value.split(separator: ",").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            let key = parts.first?.trimmingCharacters(in: .whitespaces) ?? ""
            guard parts.count == 2, !key.isEmpty,
                let value = parts[1].trimmingCharacters(in: .whitespaces).removingPercentEncoding
            else { throw TraceSettingsError(variable: variable.name, reason: "not key=value: \(pair)") }
            return (key, value)
        }
    }
}
