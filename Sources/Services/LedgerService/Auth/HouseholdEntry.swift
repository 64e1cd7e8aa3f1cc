import Storage

/// A row that belongs to one household: bills, payments, events, recurring bills, stock lines and list items.
/// Its name and the argument that names it are said here once, for the stores' answers and the access policy's.
protocol HouseholdEntry: Sendable {
    /// What it is called in messages ("stock line").
    static var noun: String { get }
    /// The argument that names one (`itemId`).
    static var idField: String { get }
    var id: String { get }
    var householdID: String { get }
}

/// An entry one member made, which only they and the household's owner may change.
protocol AuthoredEntry: HouseholdEntry {
    /// What its author did ("added", "recorded"), for the refusal.
    static var authorVerb: String { get }
    var createdBy: String { get }
}

extension HouseholdEntry {
    /// The store's answer for no entry `id` (or none the caller may see).
    static func notFound(_ id: String, file: String = #fileID, line: Int = #line) -> StoreError {
        .notFound(noun, id, field: idField, file: file, line: line)
    }

    /// The store's answer for an entry changed since `version`.
    static func staleVersion(
        _ id: String,
        since version: Int?,
        file: String = #fileID,
        line: Int = #line
    ) -> StoreError {
        .staleVersion(noun, id, since: version, file: file, line: line)
    }
}
