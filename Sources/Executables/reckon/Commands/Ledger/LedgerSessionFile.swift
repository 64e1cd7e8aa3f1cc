import Foundation

/// The session file, `session.json` in `$RECKON_CONFIG_DIR`, else `$XDG_CONFIG_HOME/reckon`, else
/// `$HOME/.config/reckon` (the account's home when `HOME` is unset, as git and ssh do): only its owner can read it
/// (0600, in a 0700 folder), and it is replaced atomically.
enum LedgerSessionFile {
    /// The folder that holds the file.
    static var directory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["RECKON_CONFIG_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
            return URL(fileURLWithPath: config).appendingPathComponent("reckon")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        return (home ?? FileManager.default.homeDirectoryForCurrentUser).appendingPathComponent(".config/reckon")
    }

    /// The file's path.
    static var url: URL { directory.appendingPathComponent("session.json") }

    /// The saved session, or nil when there is none.
    static func load() throws -> LedgerSession? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(LedgerSession.self, from: Data(contentsOf: url))
        } catch {
            throw LedgerCommandError("cannot read \(url.path) (\(error)): run reckon login again")
        }
    }

    /// Writes `session` to a new file created with mode 0600, then renames it over the old one.
    static func save(_ session: LedgerSession) throws {
        try FileManager.default.createDirectory(
            at: directory,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(session)
        try PrivateFile.write(data, to: url)
    }

    /// Removes the file, if there is one.
    static func delete() throws {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw failure("remove", url) }
    }

    /// The error of a failed system call on `file`, with `errno`'s text.
    private static func failure(_ action: String, _ file: URL) -> LedgerCommandError {
        LedgerCommandError("cannot \(action) \(file.path): \(String(cString: strerror(errno)))")
    }
}
