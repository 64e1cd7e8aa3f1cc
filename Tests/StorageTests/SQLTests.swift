import Storage
import Testing

@Suite struct SQLTests {
    @Test func valuesBecomePlaceholdersInOrder() {
        let id = "x'; DROP TABLE t; --"
        let sql: SQL = "SELECT * FROM t WHERE id = \(id) AND n > \(3) AND flag = \(true) AND z IS \(nil as Int?)"
        let sqlite = sql.rendered { _ in "?" }
        #expect(sqlite.text == "SELECT * FROM t WHERE id = ? AND n > ? AND flag = ? AND z IS ?")
        #expect(sqlite.values == [.text(id), .int(3), .int(1), .null])
        #expect(sql.rendered { "$\($0)" }.text == "SELECT * FROM t WHERE id = $1 AND n > $2 AND flag = $3 AND z IS $4")
    }

    @Test func joinedAndNestedStatementsKeepTheirValues() {
        let list = SQL.joined(["a", "b"].map { "\($0)" as SQL }, separator: ", ")
        let sql: SQL = "SELECT * FROM \(raw: "t") WHERE id IN (\(list))" + " LIMIT \(5)"
        let rendered = sql.rendered { "$\($0)" }
        #expect(rendered.text == "SELECT * FROM t WHERE id IN ($1, $2) LIMIT $3")
        #expect(rendered.values == [.text("a"), .text("b"), .int(5)])
    }
}
