extension UnitCatalog {
    /// Length, area, volume, mass, time and speed.
    static let mechanics: [UnitDefinition] = length + area + volume + mass + time + speed

    private static let inch = Rational.exact("0.0254")
    private static let foot = Rational.exact("0.3048")
    private static let mile = Rational.exact("1609.344")
    private static let usGallon = Rational.exact("0.003785411784")
    private static let ukGallon = Rational.exact("0.00454609")
    private static let pound = Rational.exact("0.45359237")

    static let length: [UnitDefinition] =
        prefixed(
            "m",
            "metre",
            .length,
            factor: "1",
            prefixes: ["k", "c", "m", "µ", "n", "d"]
        ) + [
            unit("in", "inch", .length, inch, ["\"", "inches"]),
            unit("ft", "foot", .length, foot, ["feet", "'"]),
            unit("yd", "yard", .length, foot * Rational(3)),
            unit("mi", "mile", .length, mile, ["statute mile"]),
            unit("nmi", "nautical mile", .length, Rational(1852), ["NM"]),
            unit("mil", "thou", .length, inch / Rational(1000)),
            unit("fathom", "fathom", .length, foot * Rational(6)),
            unit("chain", "chain", .length, foot * Rational(66)),
            unit("furlong", "furlong", .length, foot * Rational(660)),
            unit("Å", "ångström", .length, .exact("1e-10"), ["angstrom"]),
            unit("au", "astronomical unit", .length, Rational(149_597_870_700), ["AU"]),
            unit("ly", "light-year", .length, Rational(299_792_458) * Rational(31_557_600), ["lightyear"]),
            UnitDefinition(
                "pc",
                "parsec",
                .length,
                .linear(Rational(149_597_870_700) * Rational(648_000), piPower: -1)
            ),
        ]

    static let area: [UnitDefinition] = [
        unit("m²", "square metre", .area, .one, ["m2", "m^2", "sq m"]),
        unit("km²", "square kilometre", .area, Rational(1_000_000), ["km2", "km^2", "sq km"]),
        unit("cm²", "square centimetre", .area, .exact("0.0001"), ["cm2", "cm^2", "sq cm"]),
        unit("mm²", "square millimetre", .area, .exact("0.000001"), ["mm2", "mm^2", "sq mm"]),
        unit("ha", "hectare", .area, Rational(10_000)),
        unit("acre", "acre", .area, foot * foot * Rational(43_560), ["ac"]),
        unit("in²", "square inch", .area, inch * inch, ["in2", "in^2", "sq in", "square inches"]),
        unit("ft²", "square foot", .area, foot * foot, ["ft2", "ft^2", "sq ft", "square feet"]),
        unit("yd²", "square yard", .area, foot * foot * Rational(9), ["yd2", "yd^2", "sq yd"]),
        unit("mi²", "square mile", .area, mile * mile, ["mi2", "mi^2", "sq mi"]),
    ]

    static let volume: [UnitDefinition] = [
        unit("m³", "cubic metre", .volume, .one, ["m3", "m^3"]),
        unit("cm³", "cubic centimetre", .volume, .exact("0.000001"), ["cm3", "cm^3", "cc"]),
        unit("L", "litre", .volume, .exact("0.001"), ["l"]),
        unit("mL", "millilitre", .volume, .exact("0.000001"), ["ml"]),
        unit("cL", "centilitre", .volume, .exact("0.00001"), ["cl"]),
        unit("dL", "decilitre", .volume, .exact("0.0001"), ["dl"]),
        unit("µL", "microlitre", .volume, .exact("0.000000001"), ["uL", "ul"]),
        unit("in³", "cubic inch", .volume, inch * inch * inch, ["in3", "in^3", "cu in", "cubic inches"]),
        unit("ft³", "cubic foot", .volume, foot * foot * foot, ["ft3", "ft^3", "cu ft", "cubic feet"]),
        unit("yd³", "cubic yard", .volume, foot * foot * foot * Rational(27), ["yd3", "yd^3", "cu yd"]),
        unit("US gal", "US gallon", .volume, usGallon, ["gal", "gallon", "usgal"]),
        unit("US qt", "US quart", .volume, usGallon / Rational(4), ["qt", "quart"]),
        unit("US pt", "US pint", .volume, usGallon / Rational(8), ["pt", "pint"]),
        unit("US cup", "US cup", .volume, usGallon / Rational(16), ["cup", "customary cup"]),
        unit("US fl oz", "US fluid ounce", .volume, usGallon / Rational(128), ["fl oz", "floz", "fluid ounce"]),
        unit("tbsp", "US tablespoon", .volume, usGallon / Rational(256), ["tablespoon", "US tbsp"]),
        unit("tsp", "US teaspoon", .volume, usGallon / Rational(768), ["teaspoon", "US tsp"]),
        unit("legal cup", "US legal cup", .volume, .exact("0.00024"), ["US legal cup"]),
        unit("metric cup", "metric cup", .volume, .exact("0.00025")),
        unit("UK gal", "imperial gallon", .volume, ukGallon, ["imperial gal", "imp gal", "uk gallon"]),
        unit("UK qt", "imperial quart", .volume, ukGallon / Rational(4), ["imperial quart"]),
        unit("UK pt", "imperial pint", .volume, ukGallon / Rational(8), ["imperial pint", "uk pint"]),
        unit("UK cup", "imperial cup", .volume, ukGallon / Rational(16), ["imperial cup"]),
        unit("UK fl oz", "imperial fluid ounce", .volume, ukGallon / Rational(160), ["imperial fluid ounce"]),
        unit("bbl", "oil barrel", .volume, usGallon * Rational(42), ["barrel"]),
    ]

    static let mass: [UnitDefinition] =
        prefixed(
            "g",
            "gram",
            .mass,
            factor: "0.001",
            prefixes: ["k", "m", "µ"]
        ) + [
            unit("t", "tonne", .mass, Rational(1000), ["metric ton", "metric tonne"]),
            unit("lb", "pound", .mass, pound, ["lbs", "lbm"]),
            unit("oz", "ounce", .mass, pound / Rational(16)),
            unit("st", "stone", .mass, pound * Rational(14)),
            unit("short ton", "short ton", .mass, pound * Rational(2000), ["ton", "US ton", "tn"]),
            unit("long ton", "long ton", .mass, pound * Rational(2240), ["UK ton", "imperial ton"]),
            unit("ct", "carat", .mass, .exact("0.0002")),
            unit("gr", "grain", .mass, pound / Rational(7000)),
            unit("ozt", "troy ounce", .mass, pound * Rational(480) / Rational(7000), ["troy oz"]),
        ]

    static let time: [UnitDefinition] =
        prefixed(
            "s",
            "second",
            .time,
            factor: "1",
            prefixes: ["m", "µ", "n"],
            aliases: ["sec"]
        ) + [
            unit("min", "minute", .time, Rational(60)),
            unit("h", "hour", .time, Rational(3600), ["hr"]),
            unit("d", "day", .time, Rational(86_400)),
            unit("wk", "week", .time, Rational(604_800)),
            unit("fortnight", "fortnight", .time, Rational(1_209_600)),
            unit("mo", "month", .time, Rational(2_629_800), ["Julian month", "average_month", "average month"]),
            unit(
                "yr",
                "year",
                .time,
                Rational(31_557_600),
                ["a", "Julian year", "annum", "average_year", "average year"]
            ),
            unit("Gregorian yr", "Gregorian year", .time, Rational(31_556_952)),
            unit("common yr", "common year", .time, Rational(31_536_000)),
            unit("decade", "decade", .time, Rational(315_576_000)),
            unit("century", "century", .time, Rational(3_155_760_000), ["centuries"]),
            unit("millennium", "millennium", .time, Rational(31_557_600_000), ["millennia"]),
        ]

    static let speed: [UnitDefinition] = [
        unit("m/s", "metre per second", .speed, .one, ["mps", "meters per second"]),
        unit("km/h", "kilometre per hour", .speed, Rational(5, 18), ["kph", "kmh", "kmph", "kilometers per hour"]),
        unit("mph", "mile per hour", .speed, mile / Rational(3600), ["mi/h", "miles per hour"]),
        unit("kn", "knot", .speed, Rational(1852, 3600), ["kt", "kts"]),
        unit("ft/s", "foot per second", .speed, foot, ["fps", "feet per second"]),
        unit("c", "speed of light", .speed, Rational(299_792_458)),
    ]
}
