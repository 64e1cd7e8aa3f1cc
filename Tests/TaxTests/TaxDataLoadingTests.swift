import Foundation
import Testing

@testable import Tax

/// The year files: the shipped ones load, a new year is just a new file, and a bad file names file and field.
@Suite struct TaxDataLoadingTests {
    /// The shipped 2025 file's text, read from the source tree.
    static func shipped2025() throws -> String {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Domain/Tax/Data/tax-ca-2025.json")
        return try String(contentsOf: data, encoding: .utf8)
    }

    /// A fresh folder holding `files` (name → text).
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tax-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return url
    }

    /// Loads the 2025 file after replacing `target` with `replacement`, expecting a ``TaxDataError``.
    static func error(
        replacing target: String,
        with replacement: String,
        name: String = "tax-ca-2025.json"
    )
        throws -> TaxDataError?
    {
        let text = try shipped2025()
        #expect(text.contains(target), "fixture text not found: \(target)")
        let url = try folder([name: text.replacingOccurrences(of: target, with: replacement)])
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try TaxTables.load(directory: url)
            return nil
        } catch {
            return error as? TaxDataError
        }
    }

    @Test func shippedYearsLoadWithAllJurisdictions() {
        #expect(Fixture.tables.availableYears.starts(with: [2025, 2026]))
        for year in Fixture.tables.availableYears {
            #expect(Fixture.tables.years[year]?.provinces.count == 13)
        }
    }

    @Test func aNewYearIsOnlyANewFile() throws {
        let text = try Self.shipped2025()
        let url = try Self.folder([
            "tax-ca-2025.json": text, "README.md": "not a year file",
            "tax-ca-2027.json": text.replacingOccurrences(of: "\"tax_year\": 2025", with: "\"tax_year\": 2027"),
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        let tables = try TaxTables.load(directory: url)
        #expect(tables.availableYears == [2025, 2027])
        #expect(try TaxEngine(tables: tables).estimate(Fixture.other(50_000, "ON", year: 2027)).year == 2027)
    }

    @Test func rateOutOfRangeNamesFileAndField() throws {
        let error = try Self.error(replacing: "\"rate\": 0.0915", with: "\"rate\": 1.0915")
        #expect(error?.file == "tax-ca-2025.json")
        #expect(error?.field == "provinces.ON.brackets[1].rate")
        #expect(error?.description.hasPrefix("tax-ca-2025.json: provinces.ON.brackets[1].rate: ") == true)
    }

    @Test func missingFieldIsNamed() throws {
        let error = try Self.error(replacing: "\"credit_rate\": 0.145,", with: "")
        #expect(error?.field == "federal.credit_rate")
    }

    @Test func unknownJurisdictionAndMissingOneAreNamed() throws {
        #expect(try Self.error(replacing: "\"NU\": {", with: "\"XX\": {")?.field == "provinces.XX")
    }

    @Test func fileNameAndYearMustAgree() throws {
        let error = try Self.error(
            replacing: "\"tax_year\": 2025",
            with: "\"tax_year\": 2025",
            name: "tax-ca-2024.json"
        )
        #expect(error?.field == "tax_year")
        #expect(error?.file == "tax-ca-2024.json")
    }

    @Test func invalidJSONIsReported() throws {
        let error = try Self.error(replacing: "\"schema_version\": 1,", with: "\"schema_version\": 1,,")
        #expect(error?.file == "tax-ca-2025.json")
        #expect(error?.message.contains("JSON") == true)
    }

    @Test func emptyFolderIsReported() throws {
        let url = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: TaxDataError.self) { try TaxTables.load(directory: url) }
    }
}
