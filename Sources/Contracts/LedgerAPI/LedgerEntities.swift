import Wire

// The ledger's named entities (``JSONSchemaEntity``): each is one schema in the ledger's `ops` listing, referred to
// wherever it appears, and one type in a generated SDK.

extension BillView: JSONSchemaEntity { public static var schemaName: String { "Bill" } }
extension PaymentView: JSONSchemaEntity { public static var schemaName: String { "Payment" } }
extension HouseholdView: JSONSchemaEntity { public static var schemaName: String { "Household" } }
extension MemberView: JSONSchemaEntity { public static var schemaName: String { "Member" } }
extension MemberAmount: JSONSchemaEntity { public static var schemaName: String { "MemberAmount" } }
extension SplitSpec: JSONSchemaEntity { public static var schemaName: String { "Split" } }
extension UserView: JSONSchemaEntity { public static var schemaName: String { "User" } }
extension Done: JSONSchemaEntity { public static var schemaName: String { "Done" } }
extension EventView: JSONSchemaEntity { public static var schemaName: String { "Event" } }
extension EventRepeat: JSONSchemaEntity { public static var schemaName: String { "EventRepeat" } }
extension OccurrenceView: JSONSchemaEntity { public static var schemaName: String { "Occurrence" } }
extension StockLineView: JSONSchemaEntity { public static var schemaName: String { "StockLine" } }
extension ShoppingItemView: JSONSchemaEntity { public static var schemaName: String { "ShoppingItem" } }
extension RecurringView: JSONSchemaEntity { public static var schemaName: String { "Recurring" } }
extension RoommateRequestView: JSONSchemaEntity { public static var schemaName: String { "RoommateRequest" } }
extension ActivityView: JSONSchemaEntity { public static var schemaName: String { "Activity" } }
extension RecordView: JSONSchemaEntity { public static var schemaName: String { "Record" } }
extension RecordSummary: JSONSchemaEntity { public static var schemaName: String { "RecordSummary" } }
extension ProfileView: JSONSchemaEntity { public static var schemaName: String { "Profile" } }
extension BalancesView: JSONSchemaEntity { public static var schemaName: String { "Balances" } }
extension BalanceView: JSONSchemaEntity { public static var schemaName: String { "Balance" } }
extension DebtView: JSONSchemaEntity { public static var schemaName: String { "Debt" } }
extension SettlePlanView: JSONSchemaEntity { public static var schemaName: String { "SettlePlan" } }
extension TransferView: JSONSchemaEntity { public static var schemaName: String { "Transfer" } }
extension ReasonView: JSONSchemaEntity { public static var schemaName: String { "TransferReason" } }
extension RoundingTransferView: JSONSchemaEntity { public static var schemaName: String { "RoundingTransfer" } }
extension ImportView: JSONSchemaEntity { public static var schemaName: String { "ImportResult" } }
extension ImportRowNote: JSONSchemaEntity { public static var schemaName: String { "ImportRowNote" } }
extension ImportRowView: JSONSchemaEntity { public static var schemaName: String { "ImportRow" } }
extension ImportBalance: JSONSchemaEntity { public static var schemaName: String { "ImportBalance" } }
extension ImportName: JSONSchemaEntity { public static var schemaName: String { "ImportName" } }
