/// A coding key for any object member or array index, used to walk JSON whose shape is not known up front.
public struct JSONCodingKey: CodingKey, Sendable {
    public let stringValue: String
    public let intValue: Int?

    /// An object member's key.
    public init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    /// An array index.
    public init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    public init?(stringValue: String) { self.init(stringValue) }
    public init?(intValue: Int) { self.init(index: intValue) }
}
