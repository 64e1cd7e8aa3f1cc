/// The restaurant a menu belongs to, and the currency every amount in the menu is written in.
public struct Restaurant: Sendable, Hashable {
    /// The name shown to customers.
    public let name: String
    /// The ISO 4217 currency code, e.g. `CAD`.
    public let currency: String
    /// The currency's minor digits (2 for CAD): `"12.34"` is 1234 minor units.
    public let minorDigits: Int
}
