import ArgumentParser
import LedgerAPI
import Wire

/// `reckon logout`: forgets the saved session and revokes its token.
struct LedgerLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out: delete the saved session, then revoke its token on the ledger."
    )

    @OptionGroup var ledger: LedgerOptions

    func run() async throws {
        let session = try ledger.session
        try LedgerSessionFile.delete()
        let done = try await ledger.client.call(AuthLogoutOp.self, NoArgs(), token: session.token)
        try ledger.print(typed: done) { _ in "signed out \(session.username)" }
    }
}
