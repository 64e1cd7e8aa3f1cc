import ArgumentParser
import Foundation
import ZeroMQ

/// `reckon keygen NAME`: a CURVE key pair in `NAME` (secret) and `NAME.pub` (public), Z85.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Write a new CURVE key pair: NAME holds the secret key, NAME.pub the public key."
    )

    @Argument(help: "Path of the secret key file.") var name: String
    @Flag(help: "Replace existing files.") var force = false

    func run() throws {
        let manager = FileManager.default
        guard force || (!manager.fileExists(atPath: name) && !manager.fileExists(atPath: name + ".pub")) else {
            throw ValidationError("\(name) or \(name).pub exists; pass --force to replace")
        }
        let pair = try CurveKeyPair.generate()
        try PrivateFile.write(Data((pair.secretKey.z85 + "\n").utf8), to: URL(fileURLWithPath: name))
        guard manager.createFile(atPath: name + ".pub", contents: Data((pair.publicKey.z85 + "\n").utf8)) else {
            throw ValidationError("cannot write \(name).pub")
        }
        print("public key \(pair.publicKey.z85) written to \(name).pub; secret key in \(name)")
    }
}
