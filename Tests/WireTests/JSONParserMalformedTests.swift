import Testing
import Wire

/// Every malformed document throws ``JSONParseError``; nesting is bounded.
@Suite struct JSONParserMalformedTests {
    static let malformed: [String] = [
        // Empty and stray input
        "", " ", "\n\t", "]", "}", ",", ":", "x", "@",
        // Trailing garbage
        "[1]x", "{} {}", "1 2", "true false", "nullx", "0 0", "\"a\"\"b\"", "[1]]", "{}}", "1,",
        // Literals
        "nul", "tru", "fals", "True", "NULL", "nan", "NaN", "Infinity", "-Infinity", "undefined",
        // Numbers
        "01", "00", "-01", "-00", "012.5", "1.", "-1.", ".5", "-.5", "-", "+1", "1e", "1e+", "1E-", "1.e5", "0x10",
        "1_000", "- 1", "--1", "1.5.5", "1e5e5", "0.1a",
        // Strings
        "\"abc", "\"", "\"\\", "\"\\\"", "\"\\x\"", "\"\\a\"", "\"\\U0041\"", "\"\\u12\"", "\"\\u12G4\"", "\"\\u\"",
        "'single'",
        // Surrogates
        "\"\\ud83d\"", "\"\\ud83dx\"", "\"\\ud83d\\u0041\"", "\"\\ud83d\\ud83d\"", "\"\\ude00\"", "\"\\udfff\"",
        "\"\\ud83d\\n\"", "\"\\ud83d\\ude0\"", "\"\\ud83dabcdef\"",
        // Raw control characters in strings
        "\"a\nb\"", "\"\t\"", "\"\u{0}\"", "\"\u{1F}\"", "\"\r\"",
        // Arrays
        "[", "[1", "[1,", "[1,]", "[,1]", "[1 2]", "[1;2]", "[,]",
        // Objects
        "{", "{\"a\"", "{\"a\":", "{\"a\":1", "{\"a\":1,", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{1:1}",
        "{\"a\":1;\"b\":2}",
        "{,}", "{\"a\"::1}", "{'a':1}", "{\"a\":1 \"b\":2}",
    ]

    @Test(arguments: malformed)
    func refusesMalformedText(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test(
        arguments: [
            [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0xEF, 0xBB, 0xBF, 0x31], [0xFF],
        ] as [[UInt8]]
    )
    func refusesInvalidUTF8(_ bytes: [UInt8]) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: bytes) }
    }

    @Test(
        arguments: [
            ("[1]x", 3), ("[1,]", 3), ("01", 2), ("\"ab", 3), ("{\"a\" 1}", 5), ("", 0), ("\"a\u{1}b\"", 3),
            ("\"a\\qb\"", 4),
        ]
    )
    func reportsTheOffsetOfTheProblem(_ text: String, _ offset: Int) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        #expect(error.offset == offset)
        #expect(error.description.contains("byte \(offset)"))
    }

    // MARK: - Depth

    static func nestedArrays(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    static func nestedObjects(_ depth: Int) -> String {
        String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
    }

    @Test func acceptsTheDefaultDepthOf128() throws {
        #expect(try JSONValue(parsing: Self.nestedArrays(128)).jsonText == Self.nestedArrays(128))
        #expect(try JSONValue(parsing: Self.nestedObjects(128)).jsonText == Self.nestedObjects(128))
    }

    @Test func refusesNestingDeeperThan128ByDefault() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Self.nestedArrays(129)) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Self.nestedObjects(129)) }
    }

    @Test func honoursACustomDepthCountingArraysAndObjectsAlike() throws {
        _ = try JSONValue(parsing: Array(#"[{"a":1}]"#.utf8), maximumDepth: 2)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array(#"[{"a":[]}]"#.utf8), maximumDepth: 2) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array("[]".utf8), maximumDepth: 0) }
        // Scalars have no depth.
        #expect(try JSONValue(parsing: Array("1".utf8), maximumDepth: 0) == 1)
    }

    @Test func hostileNestingThrowsInsteadOfOverflowingTheStack() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: String(repeating: "[", count: 200_000)) }
    }
}
