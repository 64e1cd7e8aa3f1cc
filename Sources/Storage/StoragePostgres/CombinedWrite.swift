import Storage

/// Write steps as one PostgreSQL statement: each step a data-modifying CTE named by the step (a later one reads an
/// earlier one's `RETURNING` rows by that name), and a final SELECT that fails the statement when a step that must
/// return a row returned none (casting a text naming the step to an integer: the statement may be its own
/// transaction, so the check cannot wait for the answer). PostgreSQL runs every data-modifying CTE to completion
/// whether or not it is read, checks foreign keys at the statement's end (so a row and the rows that refer to it can
/// go together), and commits or rolls back the statement as a whole. Parameters are numbered once, over the whole
/// statement.
enum CombinedWrite {
    /// The statement for `steps` (at least one).
    /// - Throws: ``Storage/StorageError`` `misuse` when two steps share a name.
    static func statement(_ steps: [WriteStep]) throws -> SQL {
        var names = Set<String>()
        for step in steps where !names.insert(step.name).inserted {
            throw StorageError(.misuse, "two write steps are named \(step.name)")
        }
        let ctes = steps.map { step -> SQL in "\(raw: step.name) AS (" + step.sql + ")" }
        let checks = steps.filter { $0.unlessRow != nil }.map { step -> SQL in
            let refusal = "'\(marker)\(step.name)'"
            return
                "CAST(CASE WHEN EXISTS (SELECT 1 FROM \(raw: step.name)) THEN '1' ELSE \(raw: refusal) END AS INTEGER)"
        }
        return "WITH " + SQL.joined(ctes, separator: ", ") + " SELECT "
            + (checks.isEmpty ? "1" : SQL.joined(checks, separator: ", "))
    }

    /// The `unlessRow` error of the step that failed the statement with `error`, or `error` itself.
    static func error(_ error: StorageError, of steps: [WriteStep]) -> any Error {
        for step in steps {
            if let refusal = step.unlessRow, error.message.hasSuffix("\"\(marker)\(step.name)\"") { return refusal }
        }
        return error
    }

    /// What the text naming a step without a row starts with.
    private static let marker = "no row from write step "
}
