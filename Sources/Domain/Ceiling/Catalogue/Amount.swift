import Calculator

/// A number in a rule: either written in the catalogue or taken from the leaf's `params` by name
/// (`{"param": "fc_spacing_m"}`), so one template serves leaves that differ only in spacing.
enum Amount: Decodable, Sendable, Hashable {
    case value(Rational)
    case param(String)

    private enum CodingKeys: String, CodingKey { case param }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: CodingKeys.self) {
            self = .param(try object.decode(String.self, forKey: .param))
        } else {
            self = .value(try Rational(from: decoder))
        }
    }

    /// The number, looking a parameter up in `params`; `nil` for a parameter the leaf lacks.
    func resolve(_ params: [String: Rational]) -> Rational? {
        switch self {
        case .value(let value): value
        case .param(let name): params[name]
        }
    }
}

/// An exact fraction written `[numerator, denominator]`, so one rod per three suspension points stays 1/3.
struct Ratio: Decodable, Sendable, Hashable {
    let numerator: Rational
    let denominator: Rational

    init(from decoder: any Decoder) throws {
        var array = try decoder.unkeyedContainer()
        numerator = try array.decode(Rational.self)
        denominator = try array.decode(Rational.self)
        guard array.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: array, debugDescription: "a ratio is [numerator, denominator]")
        }
    }

    /// `value × numerator ÷ denominator`, multiplying first so whole results stay exact.
    func apply(to value: Rational) -> Rational {
        value * numerator / denominator
    }
}
