import Majordomo
import Testing

/// The UTF-8 bytes of `text`, for writing frames.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A message from frames written as text; `""` is an empty frame.
func message(_ frames: String...) -> [[UInt8]] { frames.map(bytes) }

let mdpc02 = bytes("MDPC02")
let mdpc01 = bytes("MDPC01")
let mdpw02 = bytes("MDPW02")
let mdpw01 = bytes("MDPW01")

/// Expects `body` to throw a ``MajordomoError`` with `code`.
func expectMajordomoError(
    _ code: MajordomoError.Code,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    let error = #expect(throws: MajordomoError.self, comment, sourceLocation: sourceLocation) { try body() }
    #expect(error?.code == code, comment, sourceLocation: sourceLocation)
}

/// A malformed message and the error code it must be refused with.
struct Malformed: Sendable, CustomTestStringConvertible {
    let name: String
    let frames: [[UInt8]]
    let code: MajordomoError.Code

    init(_ name: String, _ frames: [[UInt8]], _ code: MajordomoError.Code) {
        self.name = name
        self.frames = frames
        self.code = code
    }

    var testDescription: String { name }
}
