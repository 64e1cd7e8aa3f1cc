import ArgumentParser
import LedgerAPI

/// `reckon signup USERNAME [--display-name NAME]`: creates a ledger account.
struct LedgerSignupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signup",
        abstract: "Create a ledger account, then sign in with `reckon login`.",
        discussion: "The password (8 to 256 characters) is prompted for twice, or read with --password-stdin."
    )

    @Argument(help: "The username: 3 to 32 of a-z 0-9 . _ -")
    var username: String

    @Option(help: "The name others see (default: the username).")
    var displayName: String?

    @OptionGroup var password: LoginPasswordOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        let args = AuthSignupOp.Args(
            username: username,
            password: try password.read(confirm: true),
            displayName: displayName
        )
        let user = try await client.call(AuthSignupOp.self, args)
        try client.print(typed: user) {
            "created \($0.username) (\($0.userId)); sign in with: reckon login \($0.username)"
        }
    }
}
