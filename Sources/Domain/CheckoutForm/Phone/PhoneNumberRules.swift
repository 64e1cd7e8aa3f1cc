import Foundation

/// libphonenumber's numbering plans for the calling codes this module checks in full, plus every known calling
/// code. Loaded and compiled once; lookups are dictionary reads.
struct PhoneNumberRules: Sendable {
    static let fileName = "phone-regions.json"

    /// Every country calling code that exists.
    let callingCodes: Set<Int>
    /// The regions of each fully checked calling code, main region first.
    let plansByCallingCode: [Int: [NumberingPlan]]
    /// The same plans by region code.
    let plansByRegion: [String: NumberingPlan]

    /// Compiles the decoded data file.
    /// - Throws: ``CheckoutFormDataError`` when a pattern does not compile or a calling code has no region.
    init(_ file: PhoneDataFile) throws {
        callingCodes = Set(file.countryCallingCodes)
        var byCallingCode: [Int: [NumberingPlan]] = [:]
        for entry in file.numberingPlans {
            guard !entry.regions.isEmpty else {
                throw CheckoutFormDataError(
                    file: Self.fileName,
                    field: "numberingPlans.\(entry.countryCode)",
                    message: "has no region"
                )
            }
            byCallingCode[entry.countryCode] = try entry.regions.map {
                try NumberingPlan($0, countryCode: entry.countryCode)
            }
        }
        plansByCallingCode = byCallingCode
        plansByRegion = Dictionary(
            byCallingCode.values.joined().map { ($0.region, $0) },
            uniquingKeysWith: { first, _ in first }
        )
    }

    /// Loads `Data/phone-regions.json` from the module's bundle.
    /// - Throws: ``CheckoutFormDataError`` naming the file and field at fault.
    static func bundled() throws -> PhoneNumberRules {
        guard let directory = Bundle.module.url(forResource: "Data", withExtension: nil) else {
            throw CheckoutFormDataError(file: fileName, field: "", message: "the module's Data folder is missing")
        }
        let file: PhoneDataFile
        do {
            let data = try Data(contentsOf: directory.appendingPathComponent(fileName))
            file = try JSONDecoder().decode(PhoneDataFile.self, from: data)
        } catch {
            throw CheckoutFormDataError(file: fileName, field: "", message: "cannot be read: \(error)")
        }
        return try PhoneNumberRules(file)
    }

    /// The calling code at the start of `digits` (one to three digits, never starting with 0) and the rest.
    func splitCallingCode(_ digits: String) -> (callingCode: Int, national: String)? {
        guard digits.first != "0" else { return nil }
        for size in 1...3 where size <= digits.count {
            if let code = Int(digits.prefix(size)), callingCodes.contains(code) {
                return (code, String(digits.dropFirst(size)))
            }
        }
        return nil
    }
}
