/// A ledger command's own failure, such as no session or an unknown member name; the command line prints it as
/// `Error: ...` and exits with code 1.
struct LedgerCommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
