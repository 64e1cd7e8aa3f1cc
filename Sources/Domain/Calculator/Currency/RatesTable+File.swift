import Calculator
import Foundation

extension RatesTable {
    /// Reads an ECB reference-rates file (XML or CSV) at `path`.
    /// - Throws: the file error, or ``CalculatorError`` `invalid_argument` for a file with no usable rates.
    public static func load(path: String) throws -> RatesTable {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try RatesParser.parse(text, source: URL(fileURLWithPath: path).lastPathComponent)
    }
}
