/// A tax data file that cannot be used: which file, which field, and why.
///
/// Its description reads `tax-ca-2027.json: provinces.ON.brackets[1].rate: must be between 0 and 1`, so a worker
/// that stops on it tells the operator exactly what to fix.
public struct TaxDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's name, e.g. `tax-ca-2027.json` (or the directory, for a directory-level problem).
    public let file: String
    /// The field's dotted path in the file, e.g. `provinces.ON.brackets[1].rate`; empty for the file as a whole.
    public let field: String
    public let message: String

    public init(file: String, field: String, message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    public var description: String {
        field.isEmpty ? "\(file): \(message)" : "\(file): \(field): \(message)"
    }
}
