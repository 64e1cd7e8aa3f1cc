import Calculator
import Dates
import Testing

@Suite struct CurrencyTests {
    static let xml = """
        <gesmes:Envelope><Cube><Cube time='2023-01-03'><Cube currency='USD' rate='1.0545'/>
        <Cube currency='JPY' rate='141.29'/><Cube currency='GBP' rate='0.8798'/></Cube>
        <Cube time="2023-01-02"><Cube currency="USD" rate="1.0683"/></Cube></Cube></gesmes:Envelope>
        """

    @Test func crossRatesGoThroughTheBase() throws {
        let table = try RatesParser.parse(Self.xml, source: "test")
        let conversion = try table.convert(Rational(100), from: "usd", to: "JPY")
        let yen = try #require(Rational(parsing: "141.29"))
        let dollar = try #require(Rational(parsing: "1.0545"))
        #expect(conversion.rate == yen / dollar)
        #expect(conversion.amount == "13399")
        #expect(conversion.asOf.description == "2023-01-03")
        #expect(try table.convert(Rational(10), from: "EUR", to: "GBP").amount == "8.80")
    }

    @Test func asOfPicksTheLatestDayNotAfter() throws {
        let table = try RatesParser.parse(Self.xml, source: "test")
        let day = try #require(CivilDate(year: 2023, month: 1, day: 2))
        #expect(try table.convert(Rational(1), from: "EUR", to: "USD", asOf: day).amount == "1.07")
        #expect(throws: CalculatorError.self) {
            try table.convert(.one, from: "EUR", to: "USD", asOf: CivilDate(year: 2022, month: 1, day: 1))
        }
    }

    @Test func csvLayouts() throws {
        let daily = "Date, USD, JPY, \n03 January 2023, 1.0545, 141.29, \n"
        let table = try RatesParser.parse(daily, source: "csv")
        #expect(table.days.first?.rates["JPY"] == Rational(parsing: "141.29"))
        let history = "Date,USD,JPY\n2023-01-03,1.0545,N/A\n2023-01-02,1.0683,139.94\n"
        let hist = try RatesParser.parse(history, source: "csv")
        #expect(hist.days.count == 2)
        #expect(hist.days[0].rates["JPY"] == nil)
    }

    @Test func unknownCurrencyIsNotFound() throws {
        let table = try RatesParser.parse(Self.xml, source: "test")
        #expect {
            try table.convert(.one, from: "EUR", to: "XYZ")
        } throws: { ($0 as? CalculatorError)?.code == .notFound && ($0 as? CalculatorError)?.field == "to" }
    }
}
