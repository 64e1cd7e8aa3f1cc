extension UnitCatalog {
    /// Temperature, energy, power, pressure.
    static let thermalAndElectric: [UnitDefinition] = temperature + energy + power + pressure

    /// Data, angle and fuel economy.
    static let information: [UnitDefinition] = data + angle + fuelEconomy

    /// The pound-force, 0.45359237 kg × 9.80665 m/s², exactly.
    private static let poundForce = Rational.exact("4.4482216152605")
    private static let btu = Rational.exact("1055.05585262")

    static let temperature: [UnitDefinition] = [
        UnitDefinition("K", "kelvin", .temperature, .linear(.one, piPower: 0), aliases: ["kelvins"]),
        UnitDefinition(
            "°C",
            "degree Celsius",
            .temperature,
            .affine(factor: .one, offset: .exact("273.15")),
            aliases: ["C", "degC", "celsius", "centigrade", "degrees celsius"]
        ),
        UnitDefinition(
            "°F",
            "degree Fahrenheit",
            .temperature,
            .affine(factor: Rational(5, 9), offset: .exact("459.67")),
            aliases: ["F", "degF", "fahrenheit", "degrees fahrenheit"]
        ),
        UnitDefinition(
            "°R",
            "degree Rankine",
            .temperature,
            .linear(Rational(5, 9), piPower: 0),
            aliases: ["R", "degR", "rankine", "degrees rankine"]
        ),
    ]

    static let energy: [UnitDefinition] =
        prefixed(
            "J",
            "joule",
            .energy,
            factor: "1",
            prefixes: ["k", "M", "G"]
        ) + [
            unit("cal", "calorie (thermochemical)", .energy, .exact("4.184"), ["cal_th", "calorie"]),
            unit(
                "kcal",
                "kilocalorie (thermochemical)",
                .energy,
                Rational(4184),
                ["kcal_th", "kilocalorie", "Cal", "food calorie"]
            ),
            unit("cal_IT", "calorie (International Table)", .energy, .exact("4.1868")),
            unit("kcal_IT", "kilocalorie (International Table)", .energy, .exact("4186.8")),
            unit("Wh", "watt-hour", .energy, Rational(3600)),
            unit("kWh", "kilowatt-hour", .energy, Rational(3_600_000)),
            unit("MWh", "megawatt-hour", .energy, Rational(3_600_000_000)),
            unit("BTU", "British thermal unit (IT)", .energy, btu, ["BTU_IT", "Btu"]),
            unit("therm", "therm (US)", .energy, Rational(105_480_400)),
            unit("eV", "electronvolt", .energy, .exact("1.602176634e-19")),
            unit("keV", "kiloelectronvolt", .energy, .exact("1.602176634e-16")),
            unit("MeV", "megaelectronvolt", .energy, .exact("1.602176634e-13")),
            unit("erg", "erg", .energy, .exact("1e-7")),
            unit("ft·lbf", "foot-pound", .energy, .exact("0.3048") * poundForce, ["ft lbf", "ft-lb", "foot pound"]),
        ]

    static let power: [UnitDefinition] =
        prefixed(
            "W",
            "watt",
            .power,
            factor: "1",
            prefixes: ["m", "k", "M", "G"]
        ) + [
            unit(
                "hp",
                "horsepower (mechanical)",
                .power,
                .exact("0.3048") * poundForce * Rational(550),
                ["mechanical horsepower"]
            ),
            unit("PS", "metric horsepower", .power, .exact("735.49875"), ["metric hp"]),
            unit("BTU/h", "BTU per hour", .power, btu / Rational(3600), ["btuh"]),
        ]

    static let pressure: [UnitDefinition] =
        prefixed(
            "Pa",
            "pascal",
            .pressure,
            factor: "1",
            prefixes: ["h", "k", "M", "G"]
        ) + [
            unit("bar", "bar", .pressure, Rational(100_000)),
            unit("mbar", "millibar", .pressure, Rational(100)),
            unit("atm", "standard atmosphere", .pressure, Rational(101_325), ["atmosphere"]),
            unit(
                "psi",
                "pound per square inch",
                .pressure,
                poundForce / (.exact("0.0254") * .exact("0.0254")),
                ["lbf/in²", "pounds per square inch"]
            ),
            unit("Torr", "torr", .pressure, Rational(101_325, 760)),
            unit("mmHg", "millimetre of mercury", .pressure, .exact("133.322387415")),
            unit("inHg", "inch of mercury", .pressure, .exact("133.322387415") * .exact("25.4")),
        ]

    static let data: [UnitDefinition] = {
        var units = [
            unit("bit", "bit", .data, .one, ["b"]),
            unit("B", "byte", .data, Rational(8), ["octet"]),
            unit("nibble", "nibble", .data, Rational(4)),
        ]
        let decimal = [("k", "kilo"), ("M", "mega"), ("G", "giga"), ("T", "tera"), ("P", "peta"), ("E", "exa")]
        for (index, (prefix, name)) in decimal.enumerated() {
            let scale = Rational(1000).power(index + 1)
            units.append(unit(prefix + "B", name + "byte", .data, scale * Rational(8)))
            units.append(unit(prefix + "bit", name + "bit", .data, scale, [prefix + "b", prefix + "bps"]))
            let binary = prefix == "k" ? "Ki" : prefix + "i"
            let binaryName = String(name.prefix(2)) + "bi"
            let binaryScale = Rational(1024).power(index + 1)
            units.append(unit(binary + "B", binaryName + "byte", .data, binaryScale * Rational(8)))
            units.append(unit(binary + "bit", binaryName + "bit", .data, binaryScale, [binary + "b"]))
        }
        return units
    }()

    static let angle: [UnitDefinition] = [
        unit("°", "degree", .angle, .one, ["deg", "degrees"]),
        UnitDefinition("rad", "radian", .angle, .linear(Rational(180), piPower: -1)),
        UnitDefinition("mrad", "milliradian", .angle, .linear(Rational(180, 1000), piPower: -1)),
        unit("grad", "gradian", .angle, .exact("0.9"), ["gon"]),
        unit("arcmin", "arcminute", .angle, Rational(1, 60), ["′", "minute of arc"]),
        unit("arcsec", "arcsecond", .angle, Rational(1, 3600), ["″", "second of arc"]),
        unit("turn", "turn", .angle, Rational(360), ["rev", "revolution"]),
    ]

    static let fuelEconomy: [UnitDefinition] = [
        unit("km/L", "kilometre per litre", .fuelEconomy, .one, ["kpl"]),
        UnitDefinition(
            "L/100km",
            "litre per 100 kilometres",
            .fuelEconomy,
            .reciprocal(Rational(100)),
            aliases: ["l/100 km", "litres per 100 km"]
        ),
        unit(
            "mpg",
            "mile per US gallon",
            .fuelEconomy,
            .exact("1.609344") / .exact("3.785411784"),
            ["mpg US", "US mpg", "miles per gallon"]
        ),
        unit(
            "mpg UK",
            "mile per imperial gallon",
            .fuelEconomy,
            .exact("1.609344") / .exact("4.54609"),
            ["UK mpg", "imperial mpg"]
        ),
    ]
}
