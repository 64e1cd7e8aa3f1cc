import Calculator

/// The room's area and perimeter, and whether the perimeter was estimated.
public struct RoomGeometry: Sendable, Hashable {
    /// The ceiling area in m².
    public var areaM2: Rational
    /// The perimeter in m: measured, 2(L + W), or estimated as 4√A rounded to 6 decimals.
    public var perimeterM: Rational
    /// Whether the perimeter is 4√A, the perimeter of a square room (the least any rectangle of that area has).
    public var perimeterEstimated: Bool

    /// How far area or perimeter given beside length and width may stray from L × W and 2(L + W).
    static let tolerance = Rational(1, 100)

    /// Works out the room from the geometry inputs that were given, or lists what is wrong with them.
    ///
    /// Length × width wins; area plus a measured perimeter serves irregular rooms; area alone estimates the
    /// perimeter as a square room's.
    static func resolve(_ values: [String: Rational]) -> Result<RoomGeometry, CeilingError> {
        let (length, width) = (values["length_m"], values["width_m"])
        let (area, perimeter) = (values["area_m2"], values["perimeter_m"])
        switch (length, width, area) {
        case (let length?, let width?, _):
            let room = RoomGeometry(
                areaM2: length * width,
                perimeterM: Rational(2) * (length + width),
                perimeterEstimated: false
            )
            var details: [CeilingError.Detail] = []
            if let area, !room.areaM2.agrees(with: area) {
                details.append(
                    mismatch("area_m2", given: area, expected: room.areaM2, rule: "length_m × width_m")
                )
            }
            if let perimeter, !room.perimeterM.agrees(with: perimeter) {
                details.append(
                    mismatch("perimeter_m", given: perimeter, expected: room.perimeterM, rule: "2(length_m + width_m)")
                )
            }
            return details.isEmpty ? .success(room) : .failure(invalid(details))
        case (_?, nil, _), (nil, _?, _):
            let missing = length == nil ? "length_m" : "width_m"
            return .failure(invalid(missing, .required, "give both length_m and width_m, or area_m2 instead"))
        case (nil, nil, nil):
            let field = perimeter == nil ? "length_m" : "area_m2"
            return .failure(invalid(field, .required, "give length_m and width_m, or area_m2"))
        case (nil, nil, let area?):
            guard let perimeter else {
                let estimate = (Rational(16) * area).squareRoot(places: 6)
                return .success(RoomGeometry(areaM2: area, perimeterM: estimate, perimeterEstimated: true))
            }
            guard perimeter * perimeter >= Rational(4) * rationalPi * area else {
                let least = (Rational(4) * rationalPi * area).squareRoot(places: 2)
                let message =
                    "perimeter_m is too small for area_m2: no room of \(area.decimalText) m2 has one under \(least.decimalText) m"
                return .failure(invalid("perimeter_m", .inconsistentGeometry, message))
            }
            return .success(RoomGeometry(areaM2: area, perimeterM: perimeter, perimeterEstimated: false))
        }
    }

    private static func mismatch(
        _ field: String,
        given: Rational,
        expected: Rational,
        rule: String
    ) -> CeilingError.Detail {
        let message = "\(field) \(given.decimalText) disagrees with \(rule) = \(expected.decimalText) by more than 1 %"
        return CeilingError.Detail(field: field, code: .inconsistentGeometry, message: message)
    }

    private static func invalid(_ field: String, _ code: CeilingError.Code, _ message: String) -> CeilingError {
        invalid([CeilingError.Detail(field: field, code: code, message: message)])
    }

    private static func invalid(_ details: [CeilingError.Detail]) -> CeilingError {
        CeilingError(.invalidInputs, details[0].message, field: details[0].field, details: details)
    }
}

extension Rational {
    /// Whether `other` is within ``RoomGeometry/tolerance`` of this value, relative to this value.
    fileprivate func agrees(with other: Rational) -> Bool {
        (self - other).magnitude <= self * RoomGeometry.tolerance
    }
}
