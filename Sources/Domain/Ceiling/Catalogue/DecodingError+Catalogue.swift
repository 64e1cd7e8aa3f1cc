import Foundation

extension DecodingError {
    /// Where in the catalogue the error is and what is wrong, e.g.
    /// `templates.module_1200.lines[2].terms[0].kind: cannot initialize Kind from invalid String value "grid"`.
    var catalogueDescription: String {
        let (context, problem): (Context?, String) =
            switch self {
            case .keyNotFound(let key, let context): (context, "missing key '\(key.stringValue)'")
            case .typeMismatch(let type, let context): (context, "expected \(type): \(context.debugDescription)")
            case .valueNotFound(let type, let context): (context, "expected \(type), found null")
            case .dataCorrupted(let context): (context, context.debugDescription)
            @unknown default: (nil, "\(self)")
            }
        let path = (context?.codingPath ?? []).reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path.isEmpty ? problem : "\(path): \(problem)"
    }
}
