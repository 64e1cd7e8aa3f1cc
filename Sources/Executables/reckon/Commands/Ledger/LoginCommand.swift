import ArgumentParser
import LedgerAPI

/// `reckon login USERNAME`: signs in and saves the session for the other ledger commands.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to the ledger and save the session token for the other ledger commands.",
        discussion: """
            The password is prompted for without echo, or read with --password-stdin. The token is saved in \
            session.json, readable only by you (mode 0600), in $RECKON_CONFIG_DIR, else $XDG_CONFIG_HOME/reckon, \
            else ~/.config/reckon. Signing in again as the same user keeps the saved household.
            """
    )

    @Argument(help: "Your username.")
    var username: String

    @OptionGroup var password: LoginPasswordOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let args = AuthLoginOp.Args(username: username, password: try password.read(confirm: false))
        let signedIn = try await client.call(AuthLoginOp.self, args)
        let previous = try? LedgerSessionFile.load()
        let session = LedgerSession(
            token: signedIn.token,
            userId: signedIn.user.userId,
            username: signedIn.user.username,
            expiresAt: signedIn.expiresAt,
            household: previous?.userId == signedIn.user.userId ? previous?.household : nil
        )
        try LedgerSessionFile.save(session)
        try client.print(typed: signedIn.user) { user in
            "signed in as \(user.displayName) (\(user.username)) until \(signedIn.expiresAt)"
        }
    }
}
