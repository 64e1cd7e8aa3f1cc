/// A Canadian province or territory, by its two-letter postal code.
public enum Jurisdiction: String, CaseIterable, Sendable, Hashable, Codable {
    case AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT

    /// The jurisdiction's English name.
    public var name: String {
        switch self {
        case .AB: "Alberta"
        case .BC: "British Columbia"
        case .MB: "Manitoba"
        case .NB: "New Brunswick"
        case .NL: "Newfoundland and Labrador"
        case .NS: "Nova Scotia"
        case .NT: "Northwest Territories"
        case .NU: "Nunavut"
        case .ON: "Ontario"
        case .PE: "Prince Edward Island"
        case .QC: "Quebec"
        case .SK: "Saskatchewan"
        case .YT: "Yukon"
        }
    }

    /// Whether this is a territory rather than a province.
    public var isTerritory: Bool { self == .NT || self == .NU || self == .YT }
}
