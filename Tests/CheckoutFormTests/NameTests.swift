import CheckoutForm
import Testing

@Suite struct NameTests {
    @Test(
        arguments: [
            ("Zoë Ångström", "Zoë Ångström"),
            ("Zoe\u{0308}", "Zoë"),
            ("Дмитрий Шостакович", "Дмитрий Шостакович"),
            ("毛泽东", "毛泽东"),
            ("محمد عبد الله", "محمد عبد الله"),
            ("देवनागरी हिन्दी", "देवनागरी हिन्दी"),
            ("O'Brien", "O'Brien"),
            ("Jean-Luc Picard", "Jean-Luc Picard"),
            ("D’Angelo", "D’Angelo"),
            ("X", "X"),
            ("  ada   LOVELACE \n", "ada LOVELACE"),
            ("Ana\u{00A0}\u{00A0}María", "Ana María"),
        ]
    )
    func acceptsAndNormalizes(input: String, normalized: String) {
        let result = Fixtures.validate { $0.name = input }
        #expect(Fixtures.codes(result, .name).isEmpty)
        #expect(result.fields.name == normalized)
    }

    @Test(
        arguments: [
            ("", "required"),
            ("   \n\t ", "required"),
            ("R2-D2", "invalid_characters"),
            ("Ann 😀", "invalid_characters"),
            ("Ann\u{0007}Lee", "invalid_characters"),
            ("Ann\tLee", "invalid_characters"),
            ("Ann\u{200B}Lee", "invalid_characters"),
            ("-'", "invalid_characters"),
            ("J. Smith", "invalid_characters"),
            (String(repeating: "a", count: 101), "too_long"),
        ]
    )
    func rejects(input: String, code: String) {
        let result = Fixtures.validate { $0.name = input }
        #expect(Fixtures.codes(result, .name) == [code])
        #expect(result.fields.name == nil)
    }

    @Test func countsCharactersNotScalars() {
        let name = String(repeating: "e\u{0301}", count: 100)
        let result = Fixtures.validate { $0.name = name }
        #expect(result.fields.name?.count == 100)
    }
}
