import ArgumentParser
import LedgerAPI
import Wire

/// `reckon records`: saved calculations.
struct RecordsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records",
        abstract: "Save, list, show, rerun and delete calculations (tax estimates, loans, ceiling bills).",
        discussion: """
            A record keeps a calc op, its arguments and the result. Rerun computes it again with today's data and \
            your profile. Example: reckon records save "2026 taxes" tax.estimate --args '{"year": 2026}'
            """,
        subcommands: [List.self, Save.self, Show.self, Rerun.self, Delete.self],
        defaultSubcommand: List.self
    )

    /// `reckon records list [--op OP]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your saved calculations, newest first.")

        @Option(help: "Only records of this calc op.")
        var op: String?

        @OptionGroup var ledger: LedgerOptions

        func run() async throws {
            let list = try await ledger.call(RecordsListOp.self, .init(op: op))
            try ledger.print(typed: list) { list in
                guard !list.records.isEmpty else { return "No saved calculations." }
                return TextTable(
                    headers: ["Title", "Op", "Computed", "Id"],
                    rows: list.records.map { [$0.title, $0.op, $0.computedAt, $0.recordId] }
                ).render()
            }
        }
    }

    /// `reckon records save TITLE OP [--args JSON]`.
    struct Save: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run a calc op and save its result.")

        @Argument(help: "A title for the record.")
        var title: String

        @Argument(help: "The calc op, e.g. tax.estimate, loan, ceiling.estimate.")
        var op: String

        @Option(help: "The op's arguments as a JSON object (default {}).")
        var args = "{}"

        @OptionGroup var ledger: LedgerOptions

        func run() async throws {
            guard let parsed = try? JSONValue(parsing: args), parsed.objectValue != nil else {
                throw ValidationError("--args must be a JSON object")
            }
            let record = try await ledger.call(RecordsSaveOp.self, .init(title: title, op: op, args: parsed))
            try ledger.print(typed: record, text: Self.render)
        }

        /// A record with its arguments and result.
        static func render(_ record: RecordView) -> String {
            "\(record.title)  (\(record.op), \(record.recordId), computed \(record.computedAt))\n"
                + "args:   \(record.args.jsonText)\nresult: \(record.result.jsonText)"
        }
    }

    /// `reckon records show RECORD`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a saved calculation whole.")

        @Argument(help: "The record's id.")
        var record: String

        @OptionGroup var ledger: LedgerOptions

        func run() async throws {
            let record = try await ledger.call(RecordsGetOp.self, .init(recordId: record))
            try ledger.print(typed: record, text: Save.render)
        }
    }

    /// `reckon records rerun RECORD [--update]`.
    struct Rerun: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compute a saved calculation again with today's data; --update keeps the new result."
        )

        @Argument(help: "The record's id.")
        var record: String

        @Flag(help: "Save the new result.")
        var update = false

        @OptionGroup var ledger: LedgerOptions

        func run() async throws {
            let rerun = try await ledger.call(RecordsRerunOp.self, .init(recordId: record, update: update ? true : nil))
            try ledger.print(typed: rerun) { rerun in
                (rerun.changed ? "The result changed" : "The result is unchanged")
                    + (update ? " (saved).\n" : ".\n") + "result: \(rerun.result.jsonText)"
            }
        }
    }

    /// `reckon records delete RECORD`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a saved calculation.")

        @Argument(help: "The record's id.")
        var record: String

        @OptionGroup var ledger: LedgerOptions

        func run() async throws {
            let done = try await ledger.call(RecordsDeleteOp.self, .init(recordId: record))
            try ledger.print(typed: done) { _ in "Deleted \(record)." }
        }
    }
}
