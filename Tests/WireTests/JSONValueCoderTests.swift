import Foundation
import Testing
import Wire

/// ``JSONValueDecoder`` and ``JSONValueEncoder``: Foundation's behaviour, without the second pass over the text.
@Suite struct JSONValueCoderTests {
    private struct Order: Codable, Equatable {
        struct Line: Codable, Equatable {
            var sku: String
            var quantity: Int
            var price: Decimal
        }
        var id: String
        var lines: [Line]
        var note: String?
        var rush: Bool
        var weightKg: Double
        var tags: [String: Int]
    }

    private let sample = Order(
        id: "o-1",
        lines: [.init(sku: "tea", quantity: 2, price: Decimal(string: "3.10")!)],
        note: nil,
        rush: true,
        weightKg: 1.0,
        tags: ["b": 2, "a": 1]
    )

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONCoding.decode(type, from: Array(text.utf8))
    }

    private func text(_ value: some Encodable) throws -> String {
        String(decoding: try JSONCoding.encode(value), as: UTF8.self)
    }

    @Test func roundTripsAndMatchesFoundationsSortedOutput() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try foundation.encode(sample), as: UTF8.self)
        #expect(try text(sample) == expected)
        #expect(try decode(Order.self, expected) == sample)
    }

    @Test func keysAreSortedByTheirBytes() throws {
        #expect(try text(["b": 1, "B": 2, "a": 3]) == #"{"B":2,"a":3,"b":1}"#)
    }

    @Test func numbersAreWrittenAsFoundationWritesThem() throws {
        #expect(try text([1.0, 0.1, -2.5, 1e21]) == "[1,0.1,-2.5,1e+21]")
        #expect(try text([Decimal(string: "12345678901234567890.25")!]) == "[12345678901234567890.25]")
        #expect(throws: EncodingError.self) { try JSONCoding.encode([Double.nan]) }
    }

    @Test func wholeNumbersInAnyNotationDecodeAsIntegers() throws {
        #expect(try decode([Int].self, "[1e3, 2.0, -7]") == [1000, 2, -7])
        #expect(try decode(UInt8.self, "255") == 255)
    }

    @Test func decimalsComeFromTheSourceText() throws {
        #expect(try decode(Decimal.self, "0.1") == Decimal(string: "0.1"))
        #expect(try decode([Decimal].self, "[1e-2]") == [Decimal(string: "0.01")!])
    }

    @Test func errorsCarryTheCodingPath() throws {
        func path(_ error: DecodingError) -> String {
            let keys: [any CodingKey]
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                keys = context.codingPath
            case .keyNotFound(let key, let context): keys = context.codingPath + [key]
            @unknown default: keys = []
            }
            return keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        let body = #"{"id":"x","rush":true,"weightKg":1,"tags":{},"lines":[{"sku":"a","quantity":1,"price":1},"#
        let cases: [(String, String)] = [
            (body + #"{"sku":"b","quantity":1.5,"price":1}]}"#, "lines.[1].quantity"),
            (body + #"{"sku":7,"quantity":1,"price":1}]}"#, "lines.[1].sku"),
            (body + #"{"sku":"b","quantity":null,"price":1}]}"#, "lines.[1].quantity"),
            (body + #"{"sku":"b","quantity":1}]}"#, "lines.[1].price"),
        ]
        for (json, expected) in cases {
            let error = try #require(throws: DecodingError.self) { try decode(Order.self, json) }
            #expect(path(error) == expected, "\(json)")
        }
    }

    @Test func anObjectOfJSONValuesDecodesMemberByMemberAsItIs() throws {
        struct Args: Decodable { var inputs: [String: JSONValue]? }
        let inputs = try decode(Args.self, #"{"inputs":{"a":1.50,"b":"x","c":null,"d":[1,{"e":true}]}}"#).inputs
        #expect(inputs?["a"] == .number("1.50"))
        #expect(inputs?["b"] == "x")
        #expect(inputs?["c"] == .null)
        #expect(inputs?["d"] == [1, ["e": true]])
        #expect(inputs?.count == 4)
        #expect(try decode(Args.self, #"{"inputs":null}"#).inputs == nil)
        // Anything but an object fails as `Dictionary.init(from:)` does, with the member's path.
        let error = try #require(throws: DecodingError.self) { try decode(Args.self, #"{"inputs":[1]}"#) }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("[1] gave \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["inputs"])
    }

    @Test func kindsOfMismatchAreTheOnesFoundationReports() throws {
        let null = try #require(throws: DecodingError.self) { try decode(String.self, "null") }
        guard case .valueNotFound = null else {
            Issue.record("null gave \(null)")
            return
        }
        let number = try #require(throws: DecodingError.self) { try decode(String.self, "1") }
        guard case .typeMismatch = number else {
            Issue.record("1 gave \(number)")
            return
        }
        let huge = try #require(throws: DecodingError.self) { try decode(Int8.self, "300") }
        guard case .dataCorrupted = huge else {
            Issue.record("300 gave \(huge)")
            return
        }
        let notJSON = try #require(throws: DecodingError.self) { try decode(Int.self, "{") }
        guard case .dataCorrupted = notJSON else {
            Issue.record("{ gave \(notJSON)")
            return
        }
    }

    private class Base: Codable {
        var name = "base"
    }

    private final class Derived: Base {
        var extra = 2
        private enum CodingKeys: String, CodingKey { case extra }
        override init() { super.init() }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            extra = try container.decode(Int.self, forKey: .extra)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(extra, forKey: .extra)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test func superclassesEncodeUnderSuperAsFoundationDoes() throws {
        let encoded = try text(Derived())
        #expect(encoded == #"{"extra":2,"super":{"name":"base"}}"#)
        let decoded = try decode(Derived.self, #"{"extra":5,"super":{"name":"n"}}"#)
        #expect(decoded.extra == 5)
        #expect(decoded.name == "n")
    }

    /// U+0000 is refused wherever a value is decoded, at its path; a member no type decodes is never read.
    @Test func nulIsRefusedInWhatIsDecodedAndUnknownMembersAreIgnored() throws {
        struct Args: Decodable {
            var name: String
            var tags: [String: Int]?
            var extra: JSONValue?
        }
        let cases: [(String, [String])] = [
            (#"{"name":"a\u0000"}"#, ["name"]),
            (#"{"name":"a","tags":{"k\u0000":1}}"#, ["tags", "k\u{0}"]),
            (#"{"name":"a","extra":{"list":["ok","b\u0000"]}}"#, ["extra", "list", "Index 1"]),
        ]
        for (json, expected) in cases {
            let error = try #require(throws: DecodingError.self) { try decode(Args.self, json) }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(json) gave \(error)")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == expected, "\(json)")
            #expect(context.debugDescription == "may not contain U+0000")
        }
        #expect(try decode(Args.self, #"{"name":"a","unknown\u0000":"b\u0000"}"#).name == "a")
    }
}
