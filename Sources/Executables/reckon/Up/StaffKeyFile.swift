import Foundation

/// The orders staff key of a local stack: a random key in `DATA_DIR/staff-key`, readable by its owner only, made
/// once and kept, so staff commands work with `--staff-key-file DATA_DIR/staff-key`.
enum StaffKeyFile {
    /// The key file's path, after making it if it is missing.
    /// - Throws: a file-system error.
    static func ensure(in dataDir: String) throws -> String {
        let path = URL(fileURLWithPath: dataDir).appendingPathComponent("staff-key").path
        guard !FileManager.default.fileExists(atPath: path) else { return path }
        var generator = SystemRandomNumberGenerator()
        let key = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        guard
            FileManager.default.createFile(
                atPath: path,
                contents: Data((key + "\n").utf8),
                attributes: [.posixPermissions: 0o600]
            )
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        return path
    }
}
