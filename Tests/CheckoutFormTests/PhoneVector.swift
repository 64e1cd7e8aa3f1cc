import Foundation
import Testing

/// One golden vector from `Resources/phone-vectors.json` (written by `scripts/generate-phone-data.py`).
struct PhoneVector: Decodable, Sendable, CustomTestStringConvertible {
    var input: String
    var region: String
    var expected: Expected
    /// Why the module's outcome differs from libphonenumber's, when it does.
    var deviation: String?

    /// The E.164 number, or the problem code.
    struct Expected: Decodable, Sendable, Hashable {
        var e164: String?
        var code: String?
    }

    var testDescription: String { "\(input.debugDescription) in \(region)" }

    /// Every vector in the resource file.
    static func all() throws -> [PhoneVector] {
        struct File: Decodable { var vectors: [PhoneVector] }
        let url = try #require(
            Bundle.module.url(forResource: "phone-vectors", withExtension: "json", subdirectory: "Resources")
        )
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).vectors
    }
}
