import Calculator
import Ceiling
import Foundation
import Testing

/// The bundled catalogue, loaded once per test process (loading is pure, so sharing it is safe).
let catalogue: CeilingCatalogue = {
    do {
        return try CeilingCatalogue.bundled()
    } catch {
        fatalError("the bundled ceiling catalogue must load: \(error)")
    }
}()

/// A JSON file from the test resources.
func resource(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources") else {
        throw CocoaError(.fileNoSuchFile)
    }
    return try Data(contentsOf: url)
}

extension CeilingValue: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByStringLiteral
{
    public init(floatLiteral value: Double) { self = .number(Rational(decimalText: "\(value)")!) }
    public init(integerLiteral value: Int) { self = .number(Rational(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(stringLiteral value: String) { self = .text(value) }
}

extension CeilingEstimate {
    /// The quantity of line `id`, or `nil` when the line is absent.
    func quantity(_ id: String) -> Int? {
        lines.first { $0.id == id }?.quantity
    }
}

/// A worked example or independent case: a product, its inputs and the expected estimate.
struct ExampleCase: Decodable, CustomTestStringConvertible {
    struct Expected: Decodable {
        let leaf: String
        let path: [String]?
        let areaM2: Rational
        let perimeterM: Rational
        let perimeterEstimated: Bool
        let lines: [ExpectedLine]
        let warnings: [String]?

        enum CodingKeys: String, CodingKey {
            case leaf, path, lines, warnings
            case areaM2 = "area_m2"
            case perimeterM = "perimeter_m"
            case perimeterEstimated = "perimeter_estimated"
        }
    }

    struct ExpectedLine: Decodable, Equatable {
        let line: String
        let label: String?
        let product: String
        let qty: Int
        let packs: Int?
        let packSize: Int?

        enum CodingKeys: String, CodingKey {
            case line, label, product, qty, packs
            case packSize = "pack_size"
        }
    }

    let title: String
    let leaf: String
    let inputs: [String: CeilingValue]
    let expected: Expected

    var testDescription: String { title }
}

/// Loads `name.json`, an array of ``ExampleCase``.
func exampleCases(_ name: String) -> [ExampleCase] {
    do {
        return try JSONDecoder().decode([ExampleCase].self, from: resource(name))
    } catch {
        fatalError("test resource \(name).json must decode: \(error)")
    }
}
