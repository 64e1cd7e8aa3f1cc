import Foundation

/// All loaded tax years, each validated. Load once at start and share: lookups are plain dictionary reads.
///
/// Each year is one file named `tax-ca-YYYY.json`; adding a year means adding a file, with no code change.
///
/// ```swift
/// let tables = try TaxTables.bundled()            // the files shipped in the module
/// let estimate = try TaxEngine(tables: tables).estimate(input)
/// ```
public struct TaxTables: Sendable {
    /// The rules by tax year.
    public let years: [Int: TaxYearRules]
    /// The years with data, ascending.
    public let availableYears: [Int]

    /// Tables from rules already in memory (tests, or data built by other means).
    public init(_ rules: [TaxYearRules]) {
        precondition(!rules.isEmpty, "TaxTables needs at least one year")
        years = Dictionary(rules.map { ($0.year, $0) }, uniquingKeysWith: { _, last in last })
        availableYears = years.keys.sorted()
    }

    /// The most recent year with data.
    public var latestYear: Int { availableYears[availableYears.count - 1] }

    /// Loads the year files shipped inside this module (`Bundle.module`, folder `Data`).
    /// - Throws: ``TaxDataError`` naming the file and field at fault.
    public static func bundled() throws -> TaxTables {
        guard let directory = Bundle.module.url(forResource: "Data", withExtension: nil) else {
            throw TaxDataError(file: "Data", field: "", message: "the module's Data folder is missing")
        }
        return try load(directory: directory)
    }

    /// Loads every `tax-ca-YYYY.json` in `directory`.
    /// - Throws: ``TaxDataError`` naming the file and field at fault; also when the folder holds no year file.
    public static func load(directory: URL) throws -> TaxTables {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw TaxDataError(file: directory.path, field: "", message: "cannot list the folder: \(error)")
        }
        let yearFiles = names.filter { fileYear($0) != nil }.sorted()
        guard !yearFiles.isEmpty else {
            throw TaxDataError(file: directory.path, field: "", message: "no tax-ca-YYYY.json file in the folder")
        }
        return TaxTables(try yearFiles.map { try loadFile(directory.appendingPathComponent($0)) })
    }

    /// Loads and validates one year file.
    /// - Throws: ``TaxDataError``.
    public static func loadFile(_ url: URL) throws -> TaxYearRules {
        let name = url.lastPathComponent
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TaxDataError(file: name, field: "", message: "cannot read the file: \(error.localizedDescription)")
        }
        let file: TaxDataFile
        do {
            file = try JSONDecoder().decode(TaxDataFile.self, from: data)
        } catch let error as DecodingError {
            throw dataError(error, file: name)
        } catch {
            throw TaxDataError(file: name, field: "", message: "not valid JSON: \(error.localizedDescription)")
        }
        if let year = fileYear(name), year != file.taxYear {
            throw TaxDataError(
                file: name,
                field: "tax_year",
                message: "is \(file.taxYear) but the file name says \(year)"
            )
        }
        return try file.rules(fileName: name)
    }

    /// The year in a name such as `tax-ca-2027.json`.
    static func fileYear(_ name: String) -> Int? {
        guard name.hasPrefix("tax-ca-"), name.hasSuffix(".json") else { return nil }
        let digits = name.dropFirst("tax-ca-".count).dropLast(".json".count)
        guard digits.count == 4, digits.allSatisfy(\.isASCII) else { return nil }
        return Int(digits)
    }

    private static func dataError(_ error: DecodingError, file: String) -> TaxDataError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return TaxDataError(file: file, field: path(context.codingPath + [key]), message: "is required")
        case .typeMismatch(let type, let context):
            return TaxDataError(file: file, field: path(context.codingPath), message: "must be \(type)")
        case .valueNotFound(let type, let context):
            return TaxDataError(file: file, field: path(context.codingPath), message: "must be \(type), not null")
        case .dataCorrupted(let context):
            let message = context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription
            return TaxDataError(file: file, field: path(context.codingPath), message: message)
        @unknown default:
            return TaxDataError(file: file, field: "", message: "\(error)")
        }
    }
}
