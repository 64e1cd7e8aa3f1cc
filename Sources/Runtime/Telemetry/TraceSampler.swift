import W3CTraceContext

/// Which spans are recorded and exported (`OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`): the specification's
/// built-in samplers. A span that is not sampled is still made, with a context to pass on (flags `00`), so the
/// processes after it follow the same choice.
enum TraceSampler: Equatable, Sendable {
    case alwaysOn
    case alwaysOff
    /// Samples a trace when its id's last 8 bytes, read as a number, fall below `threshold` (ratio × 2⁶⁴): every
    /// process makes the same choice for one trace.
    case ratio(threshold: UInt64)
    /// Follows a parent's choice (its sampled flag), and asks `root` for a span with no parent.
    indirect case parentBased(root: TraceSampler)

    /// The specification's default: `parentbased_always_on`.
    static let standard = TraceSampler.parentBased(root: .alwaysOn)

    /// - Throws: ``TraceSettingsError`` for an unknown sampler or a ratio outside 0…1.
    init(name: String?, argument: String?) throws {
        switch name?.lowercased() ?? "parentbased_always_on" {
        case "always_on": self = .alwaysOn
        case "always_off": self = .alwaysOff
        case "traceidratio": self = try Self.ratio(argument)
        case "parentbased_always_on": self = .standard
        case "parentbased_always_off": self = .parentBased(root: .alwaysOff)
        case "parentbased_traceidratio": self = .parentBased(root: try Self.ratio(argument))
        case let other:
            throw TraceSettingsError(variable: "OTEL_TRACES_SAMPLER", reason: "not a sampler Reckon has: \(other)")
        }
    }

    private static func ratio(_ argument: String?) throws -> TraceSampler {
        guard let ratio = Double(argument ?? "1"), (0...1).contains(ratio) else {
            throw TraceSettingsError(variable: "OTEL_TRACES_SAMPLER_ARG", reason: "not a ratio from 0 to 1")
        }
        return ratio >= 1 ? .alwaysOn : .ratio(threshold: UInt64(ratio * 0x1p64))
    }

    /// Whether a span of `traceID` is sampled, under a parent whose sampled flag is `parentSampled` (nil for a span
    /// with no parent).
    func samples(_ traceID: TraceID, parentSampled: Bool?) -> Bool {
        switch self {
        case .alwaysOn: true
        case .alwaysOff: false
        case .ratio(let threshold):
            withUnsafeBytes(of: traceID.bytes) {
                UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
                < threshold
        case .parentBased(let root): parentSampled ?? root.samples(traceID, parentSampled: nil)
        }
    }
}
