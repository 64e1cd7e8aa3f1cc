/// The optional e-mail address: sane syntax, not full RFC 5322 (no quoted local parts, comments or IP literals).
enum EmailRule {
    /// The longest accepted address, in UTF-8 bytes (RFC 5321 path limit minus the angle brackets).
    static let maximumLength = 254
    /// The longest accepted local part, in UTF-8 bytes.
    static let maximumLocalPartLength = 64
    /// The longest DNS label, in UTF-8 bytes.
    static let maximumLabelLength = 63

    /// Checks and normalizes an e-mail address.
    ///
    /// The local part is ASCII "atext" (letters, digits and ``!#$%&'*+/=?^_`{|}~-``) in dot-separated runs. The
    /// domain has at least two labels of letters (any script, for internationalized domains), digits and hyphens,
    /// none starting or ending with a hyphen, and a top-level label that is not all digits.
    /// - Returns: `nil` when the field is absent or blank; otherwise the address trimmed, NFC, domain lowercased
    ///   and local part kept as typed.
    static func check(_ raw: String?) -> Result<String?, FieldFailure> {
        let email = TextCleaning.clean(raw ?? "")
        guard !email.isEmpty else { return .success(nil) }
        guard email.utf8.count <= maximumLength else {
            return .failure(FieldFailure(.tooLong, "An e-mail address can be at most \(maximumLength) characters."))
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, isLocalPart(parts[0]) else {
            return .failure(invalid)
        }
        guard parts[0].utf8.count <= maximumLocalPartLength else {
            return .failure(
                FieldFailure(.tooLong, "The part before @ can be at most \(maximumLocalPartLength) characters.")
            )
        }
        let domain = parts[1].lowercased()
        guard isDomain(domain) else { return .failure(invalid) }
        return .success("\(parts[0])@\(domain)")
    }

    private static let invalid = FieldFailure(.invalidEmail, "Enter an e-mail address such as name@example.com.")

    private static func isLocalPart(_ local: Substring) -> Bool {
        let atoms = local.split(separator: ".", omittingEmptySubsequences: false)
        return atoms.allSatisfy { atom in
            !atom.isEmpty && atom.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || atext.contains($0)) }
        }
    }

    private static func isDomain(_ domain: String) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let topLevel = labels.last,
            !topLevel.unicodeScalars.allSatisfy({ $0.properties.numericType == .decimal })
        else { return false }
        return labels.allSatisfy(isLabel)
    }

    private static func isLabel(_ label: Substring) -> Bool {
        guard !label.isEmpty, label.utf8.count <= maximumLabelLength, label.first != "-", label.last != "-" else {
            return false
        }
        return label.unicodeScalars.allSatisfy { scalar in
            scalar == "-" || TextCleaning.isLetter(scalar) || TextCleaning.isMark(scalar)
                || TextCleaning.decimalValue(scalar) != nil
        }
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// The ASCII "atext" specials of RFC 5322 besides letters and digits.
    private static let atext = Set("!#$%&'*+/=?^_`{|}~-".unicodeScalars)
}
