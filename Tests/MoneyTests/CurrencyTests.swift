import Money
import Testing

@Suite struct CurrencyTests {
    @Test(
        "knows the minor digits of active codes",
        arguments: [
            ("EUR", 2), ("USD", 2), ("CAD", 2), ("GBP", 2), ("CHF", 2), ("JPY", 0), ("KRW", 0), ("VND", 0),
            ("CLP", 0), ("ISK", 0), ("XAF", 0), ("XOF", 0), ("XPF", 0), ("UGX", 0), ("BHD", 3), ("IQD", 3),
            ("JOD", 3), ("KWD", 3), ("LYD", 3), ("OMR", 3), ("TND", 3), ("CLF", 4), ("UYW", 4), ("XCG", 2),
        ] as [(String, Int)]
    )
    func minorDigits(code: String, digits: Int) {
        #expect(Currency(code: code)?.minorDigits == digits)
        #expect(Currency(code: code)?.code == code)
    }

    @Test(
        "refuses codes that are not active currencies with minor units",
        arguments: ["eur", "Eur", "EURO", "EU", "", " EUR", "XXX", "XAU", "XDR", "HRK", "DEM", "ABC"]
    )
    func refuses(code: String) {
        #expect(Currency(code: code) == nil)
    }

    @Test("parses with the currency's digits")
    func parses() throws {
        let euro = try #require(Currency(code: "EUR"))
        let yen = try #require(Currency(code: "JPY"))
        let dinar = try #require(Currency(code: "KWD"))
        #expect(euro.parse("12.34") == 1234)
        #expect(euro.parse("12.345") == nil)
        #expect(euro.parse("-1.50") == nil)
        #expect(euro.parse("-1.50", allowsNegative: true) == -150)
        #expect(yen.parse("1200") == 1200)
        #expect(yen.parse("12.5") == nil)
        #expect(dinar.parse("1.234") == 1234)
    }

    @Test("formats with the currency's digits")
    func formats() throws {
        #expect(try #require(Currency(code: "EUR")).format(8430) == "84.30")
        #expect(try #require(Currency(code: "JPY")).format(8430) == "8430")
        #expect(try #require(Currency(code: "BHD")).format(-5) == "-0.005")
        #expect(try #require(Currency(code: "CLF")).format(12_345) == "1.2345")
    }

    @Test("orders by code and prints the code")
    func ordersAndPrints() throws {
        let currencies = try ["USD", "EUR", "JPY"].map { try #require(Currency(code: $0)) }
        #expect(currencies.sorted().map(\.code) == ["EUR", "JPY", "USD"])
        #expect("\(currencies[0])" == "USD")
    }
}
