import Calculator

/// An orderable product: its name, unit, stock length or coverage, pack size, and where the figures come from.
struct Product: Decodable, Sendable {
    let name: String
    let unit: String
    /// The length of one piece, for products bought in lengths (tees, angles, rods, channels).
    let stockLengthM: Rational?
    /// The area one piece covers, for tiles and boards.
    let coverageM2: Rational?
    /// Pieces per pack, when known.
    let packSize: Int?
    /// `known`, `unknown` or `placeholder` (a pack size used only to show pack rounding).
    let packSizeStatus: String?
    let sku: String?
    let source: String?

    private enum CodingKeys: String, CodingKey {
        case name, unit, sku, source
        case stockLengthM = "stock_length_m"
        case coverageM2 = "coverage_m2"
        case packSize = "pack_size"
        case packSizeStatus = "pack_size_status"
    }
}
