import Foundation

/// Writes files only their owner may read (session tokens, secret keys): the bytes go to a new file created with
/// mode 0600 from the start (never a moment readable by others), are flushed to disk, and the file is then renamed
/// into place, so a reader sees the old file or the new one, whole.
enum PrivateFile {
    /// A write that failed, naming the file.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `data` to `url` with mode 0600.
    /// - Throws: ``Failure`` when the file cannot be created, written or moved into place.
    static func write(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot create \(temporary.path): \(errno)") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(temporary.path)
            throw Failure(description: "cannot write \(temporary.path): \(error)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw Failure(description: "cannot replace \(url.path): \(errno)")
        }
    }
}
