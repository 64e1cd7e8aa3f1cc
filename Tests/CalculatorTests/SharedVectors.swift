import Foundation

/// The shared calculator vectors (`calc-vectors.json`, copied from shared/domain into Resources).
struct SharedVector: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let category: String
    let input: String
    let expected: String
    let exact: String?
    let kind: String?
    let mode: [String: String]?
    let params: Params?

    /// The vector's `params`, whose members differ by category; numbers are read as text.
    struct Params: Decodable, Sendable {
        let values: [String: String]
        let add: [String: Int]?
        let rows: [Int]?

        private struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            var values: [String: String] = [:]
            for key in container.allKeys {
                if let text = try? container.decode(String.self, forKey: key) {
                    values[key.stringValue] = text
                } else if let number = try? container.decode(Int.self, forKey: key) {
                    values[key.stringValue] = String(number)
                }
            }
            self.values = values
            add = try? container.decode([String: Int].self, forKey: Key(stringValue: "add"))
            rows = try? container.decode([Int].self, forKey: Key(stringValue: "rows"))
        }

        subscript(key: String) -> String? { values[key] }
    }

    var testDescription: String { "\(id): \(input)" }
    var isError: Bool { kind == "error-case" }

    static let all: [SharedVector] = {
        struct File: Decodable { let cases: [SharedVector] }
        guard
            let url = Bundle.module.url(
                forResource: "calc-vectors",
                withExtension: "json",
                subdirectory: "Resources"
            ),
            let data = try? Data(contentsOf: url),
            let file = try? JSONDecoder().decode(File.self, from: data)
        else { fatalError("Resources/calc-vectors.json is missing or unreadable") }
        return file.cases
    }()

    /// The vectors whose category starts with one of `prefixes`.
    static func category(_ prefixes: String...) -> [SharedVector] {
        all.filter { vector in prefixes.contains { vector.category.hasPrefix($0) } }
    }
}

import Testing
