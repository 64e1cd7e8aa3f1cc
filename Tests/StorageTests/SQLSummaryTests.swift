import Testing

@testable import Storage

/// A statement's span is named by its operation and first table, never by a value.
@Suite struct SQLSummaryTests {
    @Test(arguments: [
        ("SELECT id, name FROM ledger_bills WHERE household_id = $1", "SELECT ledger_bills"),
        ("select count(*) from \"ledger_members\" m join ledger_bills b on true", "SELECT ledger_members"),
        ("INSERT INTO ledger_bill_parts (bill_id, amount) VALUES ($1, $2)", "INSERT ledger_bill_parts"),
        ("UPDATE ONLY orders SET status = $1 WHERE id = $2 RETURNING id", "UPDATE orders"),
        ("DELETE FROM idempotency_records WHERE created_at < $1", "DELETE idempotency_records"),
        ("WITH a AS (INSERT INTO ledger_bills (id) VALUES ($1) RETURNING id) SELECT 1", "WITH ledger_bills"),
        ("BEGIN IMMEDIATE", "BEGIN"),
        ("SELECT 1", "SELECT"),
        ("   ", "SQL"),
    ])
    func namesTheOperationAndItsFirstTable(text: String, summary: String) {
        #expect(SQLSummary.of(text) == summary)
    }

    @Test func aStatementsTextHoldsPlaceholdersNotValues() {
        let secret = "correct horse"
        let sql: SQL = "SELECT id FROM ledger_users WHERE password = \(secret)"
        let text = sql.rendered(placeholder: { "$\($0)" }).text
        #expect(!text.contains(secret) && SQLSummary.of(text) == "SELECT ledger_users")
    }
}
