import Wire

// The orders service's named entities (``JSONSchemaEntity``): each is one schema in its `ops` listing, referred to
// wherever it appears, and one type in a generated SDK.

extension CartView: JSONSchemaEntity { public static var schemaName: String { "Cart" } }
extension LineView: JSONSchemaEntity { public static var schemaName: String { "CartLine" } }
extension OrderView: JSONSchemaEntity { public static var schemaName: String { "Order" } }
extension QuoteView: JSONSchemaEntity { public static var schemaName: String { "Quote" } }
extension MenuView: JSONSchemaEntity { public static var schemaName: String { "Menu" } }
extension VoucherView: JSONSchemaEntity { public static var schemaName: String { "Voucher" } }
extension FieldErrorView: JSONSchemaEntity { public static var schemaName: String { "FieldError" } }
extension NormalizedFormView: JSONSchemaEntity { public static var schemaName: String { "NormalizedForm" } }
