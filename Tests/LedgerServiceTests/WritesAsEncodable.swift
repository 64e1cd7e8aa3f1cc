import Foundation
import Testing
import Wire

/// Expects `value` to write the JSON its `Encodable` form gives Foundation's `JSONEncoder` with sorted keys, both by
/// itself and through `JSONCoding` (which matches Foundation for every other type).
func expectWritesAsEncodable(_ value: some JSONWritable, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let foundation = String(decoding: try encoder.encode(value), as: UTF8.self)
    var writer = JSONWriter()
    value.writeJSON(to: &writer)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == foundation, sourceLocation: sourceLocation)
    #expect(String(decoding: try JSONCoding.encode(value), as: UTF8.self) == foundation, sourceLocation: sourceLocation)
}
