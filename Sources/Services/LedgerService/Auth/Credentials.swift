import Foundation
import Wire

/// The rules for usernames, passwords and display names.
enum Credentials {
    /// The username as stored: trimmed and lower-cased.
    /// - Throws: `invalid_argument` unless it has 3 to 32 of `a-z 0-9 . _ -`.
    static func username(_ text: String, field: String = "username") throws -> String {
        let username = text.trimmingCharacters(in: .whitespaces).lowercased()
        let allowed = username.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-"
        }
        guard (3...32).contains(username.count), allowed else {
            throw WireError(.invalidArgument, "a username has 3 to 32 of a-z 0-9 . _ -", field: field)
        }
        return username
    }

    /// - Throws: `invalid_argument` unless the password has 8 to 256 characters.
    static func checkPassword(_ password: String, field: String = "password") throws {
        // Counted as JSON Schema counts a string's length, in code points, so the schema's 8-256 is the rule.
        guard (8...256).contains(password.unicodeScalars.count) else {
            throw WireError(.invalidArgument, "a password has 8 to 256 characters", field: field)
        }
    }

    /// The display name, the username when absent.
    /// - Throws: `invalid_argument` when it is blank or longer than 64 characters.
    static func displayName(_ text: String?, username: String) throws -> String {
        guard let text else { return username }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...64).contains(name.count) else {
            throw WireError(.invalidArgument, "a display name has 1 to 64 characters", field: "displayName")
        }
        return name
    }
}
