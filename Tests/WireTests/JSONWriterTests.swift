import Foundation
import Testing
import Wire

/// `JSONWriter` output, checked against Foundation's `JSONEncoder` with sorted keys for the same values.
@Suite struct JSONWriterTests {
    struct Line: JSONWritable, Equatable {
        var label: String
        var note: String?

        func writeJSON(to writer: inout JSONWriter) {
            writer.object { members in
                members.member("label", label)
                members.member("note", note)
            }
        }
    }

    struct Document: JSONWritable {
        var count: Int
        var empty: [Line]
        var flag: Bool
        var first: Line
        var lines: [Line]
        var tags: [String]

        func writeJSON(to writer: inout JSONWriter) {
            writer.object { members in
                members.member("count", count)
                members.member("empty", empty)
                members.member("first", first)
                members.member("flag", flag)
                members.member("lines", lines)
                members.member("tags", tags)
            }
        }
    }

    static let documents = [
        Document(count: 0, empty: [], flag: false, first: Line(label: ""), lines: [], tags: []),
        Document(
            count: -42,
            empty: [],
            flag: true,
            first: Line(label: "Québec \"quoted\" a/b", note: "tab\there\nnewline \u{1}"),
            lines: [Line(label: "a"), Line(label: "b", note: "c"), Line(label: "d")],
            tags: ["x", "", "ünï"]
        ),
        Document(count: .min, empty: [], flag: true, first: Line(label: "\\"), lines: [], tags: ["\"", "a\u{1F}"]),
        Document(count: .max, empty: [], flag: false, first: Line(label: "7"), lines: [], tags: []),
    ]

    @Test(arguments: documents.indices)
    func writesWhatFoundationWrites(index: Int) throws {
        let document = Self.documents[index]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(document), as: UTF8.self)
        #expect(String(decoding: try JSONCoding.encode(document), as: UTF8.self) == expected)
    }
}
