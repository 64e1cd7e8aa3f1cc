/// Why an allow-list could not be loaded.
public enum AllowListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String)
    /// A line is not a valid entry; `line` counts from 1.
    case invalidLine(source: String, line: Int, reason: String)
    /// Allow-lists were given to a gateway that does not serve CURVE.
    case curveRequired

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read allow-list \(path)"
        case .invalidLine(let source, let line, let reason): "\(source):\(line): \(reason)"
        case .curveRequired: "allow-lists need CURVE: give the gateway a CURVE secret key"
        }
    }
}
