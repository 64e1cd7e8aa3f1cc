#!/usr/bin/env python3
"""Generates the phone-number data and golden vectors of the CheckoutForm module.

Outputs (both committed; rerun this script to refresh them, never edit them by hand):

* ``Sources/Domain/CheckoutForm/Data/phone-regions.json``: libphonenumber's numbering plans for the country calling
  codes of CA, US, GB, DE, FR, NL and AU (every region that shares those codes, e.g. the NANP islands, GG/IM/JE,
  CC/CX), with international prefix, national prefix rules, possible lengths and the national-number patterns
  per number type; plus the list of every country calling code libphonenumber knows.
* ``Tests/CheckoutFormTests/Resources/phone-vectors.json``: inputs with libphonenumber's verdict
  (``is_valid_number``, E.164, reason) and the outcome the Swift validator must return. ``expected`` equals
  libphonenumber's verdict mapped to the module's codes, except where the module deliberately differs; those
  vectors carry a ``deviation`` note (see ``deviation_for``).

How it was run (from the repository root; the phonenumbers version is written into both files):

    python3 -m venv /tmp/pn && /tmp/pn/bin/pip install phonenumbers==9.0.43
    /tmp/pn/bin/python scripts/generate-phone-data.py
"""

import json
import random
import re
import sys
import unicodedata
from pathlib import Path

import phonenumbers
from phonenumbers import NumberParseException, PhoneMetadata, PhoneNumberFormat, PhoneNumberType
from phonenumbers.phonenumberutil import ValidationResult

ROOT = Path(__file__).resolve().parent.parent
DATA_FILE = ROOT / "Sources/Domain/CheckoutForm/Data/phone-regions.json"
VECTORS_FILE = ROOT / "Tests/CheckoutFormTests/Resources/phone-vectors.json"

# The regions whose numbering plans the module checks in full.
RULE_REGIONS = ["CA", "US", "GB", "DE", "FR", "NL", "AU"]

TYPE_FIELDS = [
    ("fixedLine", "fixed_line"),
    ("mobile", "mobile"),
    ("tollFree", "toll_free"),
    ("premiumRate", "premium_rate"),
    ("sharedCost", "shared_cost"),
    ("personalNumber", "personal_number"),
    ("voip", "voip"),
    ("pager", "pager"),
    ("uan", "uan"),
    ("voicemail", "voicemail"),
]

EXAMPLE_TYPES = [
    PhoneNumberType.FIXED_LINE,
    PhoneNumberType.MOBILE,
    PhoneNumberType.TOLL_FREE,
    PhoneNumberType.PREMIUM_RATE,
    PhoneNumberType.SHARED_COST,
    PhoneNumberType.VOIP,
    PhoneNumberType.UAN,
]

# Separators the module strips: white space, dash punctuation, dots, parentheses and slashes.
SEPARATOR_CATEGORIES = {"Zs", "Pd"}
SEPARATOR_CHARACTERS = set(".()/\t\u2212")


# MARK: - Numbering-plan data


def lengths(values):
    return [n for n in values if n > 0]


def describe(desc):
    return {"pattern": desc.national_number_pattern, "possibleLengths": lengths(desc.possible_length)}


def region_plan(region):
    metadata = PhoneMetadata.metadata_for_region(region)
    general = metadata.general_desc
    types = {}
    for name, field in TYPE_FIELDS:
        desc = getattr(metadata, field)
        if desc is None or not desc.national_number_pattern or not lengths(desc.possible_length):
            continue
        if field == "mobile" and metadata.same_mobile_and_fixed_line_pattern:
            continue  # libphonenumber never consults the mobile pattern when it equals the fixed-line one
        types[name] = describe(desc)
    plan = {
        "region": region,
        "internationalPrefix": metadata.international_prefix,
        "nationalPrefix": metadata.national_prefix,
        "nationalPrefixForParsing": metadata.national_prefix_for_parsing,
        "general": {
            "pattern": general.national_number_pattern,
            "possibleLengths": lengths(general.possible_length),
            "localOnlyLengths": lengths(general.possible_length_local_only),
        },
        "types": types,
    }
    if metadata.national_prefix_transform_rule:
        # Python's group reference \1 becomes NSRegularExpression's $1.
        plan["nationalPrefixTransformRule"] = re.sub(r"\\(\d)", r"$\1", metadata.national_prefix_transform_rule)
    if metadata.leading_digits:
        plan["leadingDigits"] = metadata.leading_digits
    return {key: value for key, value in plan.items() if value is not None}


def rule_calling_codes():
    return sorted({phonenumbers.country_code_for_region(region) for region in RULE_REGIONS})


def phone_data():
    plans = []
    for code in rule_calling_codes():
        regions = phonenumbers.COUNTRY_CODE_TO_REGION_CODE[code]
        plans.append({"countryCode": code, "regions": [region_plan(region) for region in regions]})
    return {
        "source": f"libphonenumber metadata via the Python phonenumbers package {phonenumbers.__version__}",
        "generator": "scripts/generate-phone-data.py",
        "countryCallingCodes": sorted(phonenumbers.COUNTRY_CODE_TO_REGION_CODE.keys()),
        "numberingPlans": plans,
    }


# MARK: - libphonenumber's verdict


def library_verdict(text, region):
    try:
        number = phonenumbers.parse(text, region)
    except NumberParseException as error:
        return {"valid": False, "reason": error_name(error.error_type)}
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    if phonenumbers.is_valid_number(number):
        return {"valid": True, "e164": e164, "reason": "IS_VALID"}
    reason = phonenumbers.is_possible_number_with_reason(number)
    return {"valid": False, "e164": e164, "reason": validation_name(reason)}


def error_name(error_type):
    names = {
        NumberParseException.INVALID_COUNTRY_CODE: "INVALID_COUNTRY_CODE",
        NumberParseException.NOT_A_NUMBER: "NOT_A_NUMBER",
        NumberParseException.TOO_SHORT_AFTER_IDD: "TOO_SHORT_AFTER_IDD",
        NumberParseException.TOO_SHORT_NSN: "TOO_SHORT_NSN",
        NumberParseException.TOO_LONG: "TOO_LONG",
    }
    return names[error_type]


def validation_name(result):
    names = {
        ValidationResult.IS_POSSIBLE: "IS_POSSIBLE",
        ValidationResult.IS_POSSIBLE_LOCAL_ONLY: "IS_POSSIBLE_LOCAL_ONLY",
        ValidationResult.INVALID_COUNTRY_CODE: "INVALID_COUNTRY_CODE",
        ValidationResult.TOO_SHORT: "TOO_SHORT",
        ValidationResult.INVALID_LENGTH: "INVALID_LENGTH",
        ValidationResult.TOO_LONG: "TOO_LONG",
    }
    return names[result]


def digit_count(text):
    return sum(1 for ch in text if unicodedata.category(ch) == "Nd")


def mapped_outcome(text, verdict):
    """libphonenumber's verdict in the module's terms: {"e164": ...} or {"code": ...}."""
    if verdict["valid"]:
        return {"e164": verdict["e164"]}
    codes = {
        "INVALID_COUNTRY_CODE": "invalid_country_code",
        "TOO_SHORT_AFTER_IDD": "too_short",
        "TOO_SHORT_NSN": "too_short",
        "TOO_SHORT": "too_short",
        "TOO_LONG": "too_long",
        "IS_POSSIBLE": "invalid_phone",
        "IS_POSSIBLE_LOCAL_ONLY": "invalid_phone",
        "INVALID_LENGTH": "invalid_phone",
    }
    if verdict["reason"] == "NOT_A_NUMBER":
        # libphonenumber says NOT_A_NUMBER when fewer than two (or three, with punctuation) digits are present.
        return {"code": "too_short" if digit_count(text) > 0 else "invalid_phone"}
    return {"code": codes[verdict["reason"]]}


# MARK: - The module's own rules where it deliberately differs


def is_separator(ch):
    return unicodedata.category(ch) in SEPARATOR_CATEGORIES or ch in SEPARATOR_CHARACTERS


def module_digits(text):
    """The input as the module reads it: (has_plus, ascii_digits) or None when a character is not allowed."""
    body = text.strip()
    has_plus = body[:1] in ("+", "\uff0b")
    if has_plus:
        body = body[1:]
    digits = []
    for ch in body:
        if unicodedata.category(ch) == "Nd":
            digits.append(str(unicodedata.digit(ch)))
        elif not is_separator(ch):
            return None
    return has_plus, "".join(digits)


def extract_calling_code(digits):
    for size in (1, 2, 3):
        if len(digits) >= size and digits[0] != "0" and int(digits[:size]) in phonenumbers.COUNTRY_CODE_TO_REGION_CODE:
            return int(digits[:size]), digits[size:]
    return None, digits


def international_digits(has_plus, digits, region):
    """The digits after + or the default region's international prefix, or None for a national number."""
    if has_plus:
        return digits
    if region not in supported_default_regions():
        return None
    prefix = PhoneMetadata.metadata_for_region(region).international_prefix
    match = re.match(prefix, digits)
    if match and not digits[match.end() :].startswith("0"):
        return digits[match.end() :]
    return None


def supported_default_regions():
    return {region for code in rule_calling_codes() for region in phonenumbers.COUNTRY_CODE_TO_REGION_CODE[code]}


def module_outcome(text, region, library):
    """Where the module's documented rules differ from libphonenumber, its outcome; else None."""
    if not text.strip():
        return {"code": "required"}
    read = module_digits(text)
    if read is None:
        return {"code": "invalid_characters"}  # letters, extensions, vanity numbers: the module does not guess
    has_plus, digits = read
    if not digits:
        return {"code": "invalid_phone"}
    international = international_digits(has_plus, digits, region)
    if international is None:
        if region in supported_default_regions():
            return None
        return {"code": "invalid_country_code"}  # a national number needs a region with a numbering plan
    if len(international) <= 2:
        return None
    code, national = extract_calling_code(international)
    if code is None or code in rule_calling_codes():
        return None
    # Any other calling code: only the E.164 shape ^\+[1-9][0-9]{1,14}$ with a known calling code.
    if len(national) < 2:
        return {"code": "too_short"}
    if len(international) > 15:
        return {"code": "too_long"}
    return {"e164": "+" + international}


def deviation_for(text, region, library, expected):
    if expected == mapped_outcome(text, library):
        return None
    read = module_digits(text)
    if not text.strip():
        return "blank input is reported as required"
    if read is None:
        return "characters other than digits, separators and a leading + are rejected, not interpreted"
    if region not in supported_default_regions() and international_digits(read[0], read[1], region) is None:
        return "national numbers need a default region with a numbering plan in the data"
    return "calling codes outside the rule regions are checked for the E.164 shape only"


# MARK: - Vectors


UNICODE_DIGIT_ZEROS = {
    "arabic-indic": 0x0660,
    "extended-arabic-indic": 0x06F0,
    "devanagari": 0x0966,
    "fullwidth": 0xFF10,
}


def to_script(text, zero):
    return "".join(chr(zero + int(ch)) if ch.isdigit() and ch.isascii() else ch for ch in text)


def example_numbers(region):
    numbers = []
    for number_type in EXAMPLE_TYPES:
        number = phonenumbers.example_number_for_type(region, number_type)
        if number is not None and number not in numbers:
            numbers.append(number)
    return numbers


def formats(number, region):
    metadata = PhoneMetadata.metadata_for_region(region)
    international = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    idd = re.sub(r"[^0-9].*", "", metadata.international_prefix) or "00"
    return [
        (e164, region),
        (international, region),
        (national, region),
        (national.replace(" ", ".").replace("-", "."), region),
        (idd + " " + international[1:], region),
        ("00" + e164[1:], region),
        (international, "US" if region != "US" else "GB"),
        (e164[:-1], region),
        (e164[:-3], region),
        (national + "1", region),
        (e164 + "12", region),
        (e164 + "1234", region),
    ]


def hand_written():
    return [
        ("(650) 253-0000", "US"),
        ("650 253 0000", "US"),
        ("1 650 253 0000", "US"),
        ("1-650-253-0000", "CA"),
        ("+1 200 000 0000", "US"),
        ("+1 200 000 0000", "CA"),
        ("+1 650 253 0000", "DE"),
        ("011 44 20 7946 0000", "US"),
        ("0044 20 7946 0000", "US"),
        ("253-0000", "US"),
        ("+1 876 555 0123", "US"),
        ("+1 876 927 1234", "US"),
        ("+1 416 555 0199", "CA"),
        ("+1 (416) 555-0199", "US"),
        ("416/555/0199", "CA"),
        ("+49 30 123", "DE"),
        ("030 123", "DE"),
        ("+49 030 123456", "GB"),
        ("030 1234567", "DE"),
        ("0151 23456789", "DE"),
        ("+49 1512 3456789", "FR"),
        ("0049 30 1234567", "DE"),
        ("+49 800 123456789012", "DE"),
        ("+44 20 7946 0000", "GB"),
        ("+44 (0) 20 7946 0000", "GB"),
        ("020 7946 0000", "GB"),
        ("07700 900123", "GB"),
        ("44 7700 900123", "GB"),
        ("+44 1481 256789", "GB"),
        ("+44 7781 123456", "GB"),
        ("+44 7700 90012", "GB"),
        ("+44 7700 9001234", "GB"),
        ("01 23 45 67 89", "FR"),
        ("+33 1 23 45 67 89", "FR"),
        ("+33 (0)6 12 34 56 78", "FR"),
        ("06 12 34 56 78", "FR"),
        ("0033 6 12 34 56 78", "FR"),
        ("+33 6 12 34 56", "FR"),
        ("020 123 4567", "NL"),
        ("06 12345678", "NL"),
        ("+31 6 1234 5678", "NL"),
        ("+31 20 123 4567", "NL"),
        ("(02) 9876 5432", "AU"),
        ("0412 345 678", "AU"),
        ("+61 412 345 678", "AU"),
        ("0011 61 412 345 678", "AU"),
        ("0011 44 20 7946 0000", "AU"),
        ("00 44 20 7946 0000", "AU"),
        ("+61 8 9162 1234", "AU"),
        ("+81 3-1234-5678", "US"),
        ("+81 90 1234 5678", "GB"),
        ("+81 03 1234 5678", "US"),
        ("00 81 3 1234 5678", "DE"),
        ("+55 11 91234-5678", "US"),
        ("+55 11 9123", "US"),
        ("+20 10 1234 5678", "US"),
        ("+\u0662\u0660 \u0661\u0660 \u0661\u0662\u0663\u0664 \u0665\u0666\u0667\u0668", "US"),
        ("\u0660\u0661\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668", "EG"),
        ("+353 1 234 5678", "GB"),
        ("+39 06 6982 0000", "DE"),
        ("+7 495 123-45-67", "FR"),
        ("+86 10 1234 5678", "AU"),
        ("+91 98765 43210", "GB"),
        ("+800 1234 5678", "US"),
        ("+999 123 456 789", "US"),
        ("+0 123 456 789", "GB"),
        ("+00 44 20 7946 0000", "GB"),
        ("+1234567890123456", "US"),
        ("+81 1234567890123456", "US"),
        ("1234567890123456", "US"),
        ("+12", "US"),
        ("+1", "US"),
        ("+", "US"),
        ("5", "US"),
        ("55", "DE"),
        ("5-5", "DE"),
        ("( )", "US"),
        ("", "US"),
        ("   ", "GB"),
        ("abc", "US"),
        ("1-800-FLOWERS", "US"),
        ("650 253 0000 ext. 12", "US"),
        ("650-253-00AB", "US"),
        ("+44 20 7946 0000 \u263A", "GB"),
        ("650\u00a0253\u00a00000", "US"),
        ("650\u2013253\u20130000", "US"),
        ("+44.20.7946.0000", "US"),
        ("090 1234 5678", "JP"),
        ("+81 90 1234 5678", "JP"),
    ]


def random_numbers(rng):
    cases = []
    for region in RULE_REGIONS:
        metadata = PhoneMetadata.metadata_for_region(region)
        prefix = metadata.national_prefix or ""
        for _ in range(18):
            size = rng.randint(3, 13)
            digits = "".join(rng.choice("0123456789") for _ in range(size))
            cases.append((prefix + digits, region))
            cases.append(("+" + str(metadata.country_code) + digits, region))
    return cases


def mutated_examples(rng):
    """Example numbers with one digit changed, dropped or added: near misses that exercise the patterns."""
    cases = []
    for region in RULE_REGIONS:
        for number in example_numbers(region):
            digits = list(phonenumbers.format_number(number, PhoneNumberFormat.E164)[1:])
            for _ in range(3):
                mutated = list(digits)
                index = rng.randrange(1, len(mutated))
                operation = rng.choice(["change", "drop", "add"])
                if operation == "change":
                    mutated[index] = rng.choice("0123456789")
                elif operation == "drop":
                    del mutated[index]
                else:
                    mutated.insert(index, rng.choice("0123456789"))
                cases.append(("+" + "".join(mutated), region))
    return cases


def vectors():
    rng = random.Random(20260506)
    cases = []
    for region in RULE_REGIONS:
        for number in example_numbers(region):
            cases.extend(formats(number, region))
        for script, zero in UNICODE_DIGIT_ZEROS.items():
            number = example_numbers(region)[0]
            national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
            cases.append((to_script(national, zero), region))
    cases.extend(hand_written())
    cases.extend(random_numbers(rng))
    cases.extend(mutated_examples(rng))

    seen = set()
    result = []
    for text, region in cases:
        if (text, region) in seen:
            continue
        seen.add((text, region))
        library = library_verdict(text, region)
        expected = module_outcome(text, region, library) or mapped_outcome(text, library)
        vector = {"input": text, "region": region, "libphonenumber": library, "expected": expected}
        deviation = deviation_for(text, region, library, expected)
        if deviation:
            vector["deviation"] = deviation
        result.append(vector)
    return result


def write(path, value):
    path.write_text(json.dumps(value, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main():
    write(DATA_FILE, phone_data())
    cases = vectors()
    write(
        VECTORS_FILE,
        {
            "source": f"phonenumbers {phonenumbers.__version__} (libphonenumber port)",
            "generator": "scripts/generate-phone-data.py",
            "vectors": cases,
        },
    )
    deviations = sum(1 for vector in cases if "deviation" in vector)
    print(f"{len(cases)} vectors ({deviations} deviations) with phonenumbers {phonenumbers.__version__}", file=sys.stderr)


if __name__ == "__main__":
    main()
