import Foundation

/// The clean-up every free-text field gets before its own checks.
enum TextCleaning {
    /// Trims white space and newlines, composes to NFC, and collapses each inner run of space separators
    /// (`Zs`, e.g. U+0020 or no-break space) into one U+0020. Other characters, controls included, are kept so the
    /// field's own check can reject them.
    static func clean(_ text: String) -> String {
        let composed = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        var result = String.UnicodeScalarView()
        var previousWasSpace = false
        for scalar in composed.unicodeScalars {
            let isSpace = scalar.properties.generalCategory == .spaceSeparator
            if isSpace && previousWasSpace { continue }
            result.append(isSpace ? " " : scalar)
            previousWasSpace = isSpace
        }
        return String(result)
    }

    /// Whether the scalar is a letter of any script (`L*`).
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// Whether the scalar is a combining mark (`M*`), as used by Devanagari, Arabic vowel signs and others.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// The value of a decimal digit in any script (ASCII, Arabic-Indic, Devanagari, fullwidth, …).
    static func decimalValue(_ scalar: Unicode.Scalar) -> Int? {
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else {
            return nil
        }
        return Int(value)
    }
}
