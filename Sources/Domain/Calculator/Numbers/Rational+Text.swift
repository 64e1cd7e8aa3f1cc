import BigInt

extension Rational {
    /// The largest exponent a decimal may be written with (`1e1000`, `1e-1000`): past it the exact value alone is
    /// thousands of digits, and working with it would hold a worker for seconds.
    public static let largestExponent = 1_000

    /// Parses a plain decimal (`-12.5`, `.5`, `1e-3`, `2.5E+4`) or a fraction (`1/3`, `-7/2`) exactly.
    ///
    /// Surrounding spaces are ignored; anything else, or an exponent past ``largestExponent``, returns `nil`.
    public init?(parsing text: some StringProtocol) {
        let trimmed = text.trimmingSpaces
        if let slash = trimmed.firstIndex(of: "/") {
            guard let top = Rational(decimal: trimmed[..<slash]),
                let bottom = Rational(decimal: trimmed[trimmed.index(after: slash)...]), !bottom.isZero
            else { return nil }
            self = top / bottom
            return
        }
        guard let value = Rational(decimal: trimmed) else { return nil }
        self = value
    }

    /// Parses a decimal literal with optional sign, fraction and exponent.
    private init?(decimal text: some StringProtocol) {
        var bytes = Substring(text.trimmingSpaces).utf8[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var digits = BigInt(0)
        var count = 0
        var scale = 0
        var seenPoint = false
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits = digits * 10 + BigInt(Int(byte - UInt8(ascii: "0")))
                count += 1
                if seenPoint { scale += 1 }
            } else {
                return nil
            }
        }
        guard count > 0 else { return nil }
        var exponent = 0
        if !bytes.isEmpty {
            guard let value = Int(Substring(bytes.dropFirst())), abs(value) <= Self.largestExponent else { return nil }
            exponent = value
        }
        let power = exponent - scale
        let magnitude =
            power >= 0
            ? Rational(digits * BigInt(10).power(power)) : Rational(digits, BigInt(10).power(-power))
        self = negative ? -magnitude : magnitude
    }

    /// Parses a plain decimal literal of up to 18 digits without exponent (`12.5`, `.25`) from its UTF-8 bytes;
    /// `nil` for anything else, which ``init(parsing:)`` then reads.
    init?(literal bytes: UnsafeBufferPointer<UInt8>) {
        var digits = 0
        var count = 0
        var scale = 0
        var seenPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") && count < 18 {
                digits = digits * 10 + Int(byte - UInt8(ascii: "0"))
                count += 1
                if seenPoint { scale += 1 }
            } else {
                return nil
            }
        }
        guard count > 0 else { return nil }
        self.init(digits, Rational.powersOfTen[scale])
    }

    /// 10^0 ... 10^18.
    static let powersOfTen: [Int] = (0...18).map { Int(BigInt(10).power($0)) }

    /// The exact decimal text when the value has a finite decimal expansion (its denominator has only the
    /// factors 2 and 5), else `nil`. Always plain notation, never an exponent.
    public var terminatingDecimal: String? {
        guard let places = terminatingPlaces else { return nil }
        return decimalText(places: places)
    }

    /// ``terminatingDecimal`` when it needs at most `maxPlaces` decimal places, else `nil`; cheap to refuse, so a
    /// long binary approximation is never written out digit by digit.
    public func terminatingDecimal(maxPlaces: Int) -> String? {
        guard let places = terminatingPlaces, places <= maxPlaces else { return nil }
        return decimalText(places: places)
    }

    /// The decimal places of the finite expansion (the larger power of 2 or 5 in the denominator), else `nil`.
    private var terminatingPlaces: Int? {
        switch storage {
        case .small(_, let denominator): Self.finiteExpansionPlaces(denominator)
        case .big(_, let denominator): Self.finiteExpansionPlaces(denominator)
        }
    }

    /// `max(a, b)` when a positive `denominator` is 2^a·5^b, else `nil`.
    private static func finiteExpansionPlaces<Integer: BinaryInteger>(_ denominator: Integer) -> Int? {
        let twos = denominator.trailingZeroBitCount
        var rest = denominator >> twos
        var fives = 0
        while rest % 5 == 0 {
            rest /= 5
            fives += 1
        }
        return rest == 1 ? max(twos, fives) : nil
    }

    /// The value written with exactly `places` decimals; `places` must make the expansion finite.
    private func decimalText(places: Int) -> String {
        if case .small(let n, let d) = storage {
            if d == 1 { return String(n) }
            if let scaled = DecimalText.smallScaled(n, d, places: places) {
                return DecimalText.plain(digits: String(scaled), negative: n < 0, pointFromRight: places)
            }
        }
        if isInteger { return numerator.description }
        let scaled = numerator * BigInt(10).power(places) / denominator
        return DecimalText.plain(
            digits: scaled.magnitude.description,
            negative: scaled.signum() < 0,
            pointFromRight: places
        )
    }

    /// The exact decimal text when it needs at most 40 places, else 20 significant digits: for values that are
    /// decimals by construction (measurements, prices) and print exactly.
    public var decimalText: String {
        terminatingDecimal(maxPlaces: 40) ?? formatted(significantDigits: 20)
    }

    /// `a/b`, or the integer alone.
    public var fractionText: String {
        switch storage {
        case .small(let n, 1): String(n)
        case .small(let n, let d): String(n) + "/" + String(d)
        case .big(let n, 1): n.description
        case .big(let n, let d): "\(n)/\(d)"
        }
    }

    /// The value rounded half-even to `digits` significant digits, in plain notation for moderate exponents and
    /// `1.234e+25` style otherwise; trailing zeros are dropped.
    public func formatted(significantDigits digits: Int) -> String {
        DecimalText.rounded(self, significantDigits: digits)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: SubSequence {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
