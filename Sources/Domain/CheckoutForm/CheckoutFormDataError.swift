/// The module's bundled data is missing or malformed: which file, which field and why.
///
/// This is a packaging fault, not bad customer input; it can only come from loading the data.
public struct CheckoutFormDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data file, e.g. `phone-regions.json`.
    public var file: String
    /// The entry at fault, e.g. `US.general`; empty for the whole file.
    public var field: String
    /// What is wrong.
    public var message: String

    /// Creates a data error.
    public init(file: String, field: String, message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    public var description: String { field.isEmpty ? "\(file): \(message)" : "\(file) \(field): \(message)" }
}
