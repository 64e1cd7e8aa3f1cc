import ArgumentParser
import Foundation
import LedgerAPI

/// `reckon import FILE --from splitwise|ihatemoney|reckon [--dry-run] [--member NAME=USER] [--invite NAME=USERNAME]`:
/// a household's history brought in, inviting who is not a member yet.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Splitwise group's CSV export, IHateMoney's bills.json or a Reckon export.json.",
        discussion: """
            The whole file is imported in one transaction, or nothing is; the same file imports once. Run with \
            --dry-run first to see every row's error and the balances it would leave.
            Example: reckon import splitwise.csv --from splitwise --member "Bob Li=bob" --dry-run
            """
    )

    @Argument(help: "The file, or - for standard input.")
    var file: String

    @Option(help: "splitwise (a group's CSV export), ihatemoney (its bills.json export) or reckon (export.json).")
    var from: String

    @Option(
        name: .customLong("member"),
        help: "NAME=USER: the file's member NAME is the member USER (me, a username or a user id); repeatable."
    )
    var members: [String] = []

    @Option(
        name: .customLong("invite"),
        help: ArgumentHelp(
            "NAME=USERNAME: the file's member NAME is USERNAME, invited to the household when not yet a member; repeatable.",
            discussion: "While an invitation is waiting, nothing is imported; run the same command once it is accepted."
        )
    )
    var invites: [String] = []

    @Flag(help: "Show what would be imported, and every row's error, writing nothing.")
    var dryRun = false

    @OptionGroup var options: HouseholdOptions

    func run() async throws {
        let household = try await options.members()
        var mapped: [String: String] = [:]
        for entry in members {
            let (name, user) = try Self.pair(entry, option: "--member", value: "USER")
            mapped[name] = try household.userId(user)
        }
        var waiting: [String] = []
        for entry in invites {
            let (name, username) = try Self.pair(entry, option: "--invite", value: "USERNAME")
            if let member = try? household.userId(username) {
                mapped[name] = member
                continue
            }
            let homeId = household.household.householdId
            let sent = try await options.ledger.call(RoommatesListOp.self, .init(householdId: homeId)).sent
            if sent.contains(where: { $0.status == "pending" && $0.user.username.lowercased() == username.lowercased() }
            ) {
                print("\(username) is invited already.")
            } else {
                _ = try await options.ledger.call(
                    RoommatesRequestOp.self,
                    .init(householdId: homeId, username: username)
                )
                print("Invited \(username) as \(name).")
            }
            waiting.append(username)
        }
        guard waiting.isEmpty else {
            print("Nothing imported: run this again once \(waiting.joined(separator: ", ")) accepted.")
            return
        }
        let text = try readFile()
        let args = ImportStartOp.Args(
            householdId: household.household.householdId,
            from: from,
            file: text,
            members: mapped.isEmpty ? nil : mapped,
            dryRun: dryRun ? true : nil
        )
        let result = try await options.ledger.call(ImportStartOp.self, args)
        try options.ledger.print(typed: result) { LedgerRendering.imported($0, household) }
        if !result.errors.isEmpty { throw ExitCode(1) }
    }

    /// `NAME=VALUE` split in two.
    private static func pair(_ entry: String, option: String, value: String) throws -> (String, String) {
        let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw ValidationError("\(option): expected NAME=\(value), not \"\(entry)\"")
        }
        return (parts[0], parts[1])
    }

    private func readFile() throws -> String {
        let data =
            file == "-"
            ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
        guard let text = String(data: data, encoding: .utf8) else {
            throw ValidationError("\(file) is not UTF-8 text")
        }
        return text
    }
}
