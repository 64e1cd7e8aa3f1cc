import ArgumentParser
import Foundation

/// The orders staff key of the staff commands, from `--staff-key-file` or `RECKON_STAFF_KEY`; sent as the
/// request's `token`.
struct StaffKeyOptions: ParsableArguments {
    @Option(help: "File holding the orders staff key (else the RECKON_STAFF_KEY environment variable).")
    var staffKeyFile: String?

    /// How a staff command gets its key, for its `--help`.
    static let helpText = """
        Staff only: the staff key is read from --staff-key-file FILE, or else from the RECKON_STAFF_KEY \
        environment variable, and sent as the request's token.
        """

    func validate() throws {
        _ = try token
    }

    /// The key, trimmed: the file's content when `--staff-key-file` is given, else `RECKON_STAFF_KEY`.
    /// - Throws: `ValidationError` when the file cannot be read or no key is given.
    var token: String {
        get throws {
            let text: String?
            if let staffKeyFile {
                do {
                    text = try String(contentsOfFile: staffKeyFile, encoding: .utf8)
                } catch {
                    throw ValidationError("cannot read --staff-key-file \(staffKeyFile): \(error.localizedDescription)")
                }
            } else {
                text = ProcessInfo.processInfo.environment["RECKON_STAFF_KEY"]
            }
            guard let key = text?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty else {
                throw ValidationError(
                    "staff command: give the staff key with --staff-key-file FILE or RECKON_STAFF_KEY"
                )
            }
            return key
        }
    }
}
