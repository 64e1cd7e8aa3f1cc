import Calculator

/// A bill of materials for one room and one product.
public struct CeilingEstimate: Sendable {
    /// The product (leaf) id.
    public var leaf: String
    /// The product's menu path from the root.
    public var path: [CeilingMenuEntry]
    /// The version of the catalogue whose figures were used.
    public var catalogueVersion: String
    /// The room's area and perimeter.
    public var geometry: RoomGeometry
    /// Every input as used, defaults included.
    public var inputs: [String: CeilingValue]
    /// The components to order, in catalogue order; lines with nothing to order are left out.
    public var lines: [CeilingEstimateLine]
    /// Assumptions behind the figures (rectangular room, estimated perimeter, placeholder pack sizes).
    public var notes: [String]
    /// Things to act on before ordering (seismic design, long drops, lining limits).
    public var warnings: [String]
}

/// One component to order.
public struct CeilingEstimateLine: Sendable, Hashable {
    /// The line's code, e.g. `main_tee`.
    public var id: String
    /// The line's label, e.g. `Main Tee 3600`.
    public var label: String
    /// The product's id, e.g. `regal.main_tee_3600`.
    public var productID: String
    /// The product's name.
    public var productName: String
    /// The unit the product is sold in (`pc`).
    public var unit: String
    /// Whole pieces to order, spares included.
    public var quantity: Int
    /// Spare pieces included in ``quantity`` (added after rounding).
    public var spares: Int
    /// Pieces per pack, when known.
    public var packSize: Int?
    /// Packs to order (``quantity`` ÷ ``packSize`` rounded up), when the pack size is known.
    public var packs: Int?
    /// The length of one piece in m, for products sold in lengths.
    public var stockLengthM: Rational?
    /// The area one piece covers in m², for tiles and boards.
    public var coverageM2: Rational?
    /// Where the line's rule comes from.
    public var source: String?
}
