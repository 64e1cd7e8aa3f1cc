import OrdersAPI
import ReckonTesting
import Storage
import Testing
import Wire

/// `quote` and `checkout.validate`: voucher stacking, amounts and refusals, and form validation.
@Suite struct QuoteAndCheckoutTests {
    @Test(arguments: TestDatabase.engines)
    func vouchersStackScopedFirstThenOrderWideWithExactAmounts(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            // poutine 2 × 13.00, burger 19.00, fries 6.00: 51.00; poutine and burger are mains.
            let cart = try await orders.cart(items: [("poutine", 2), ("burger", 1), ("fries", 1)])
            #expect(cart.total == "51.00")

            let alone = try await orders.call(QuoteOp.self, .init(cartId: cart.cartId, vouchers: ["welcome10"]))
            #expect(alone.vouchers == [VoucherView(code: "WELCOME10", applied: true, discount: "5.10")])
            #expect(alone.total == "45.90")

            // MAINS5 (5.00 over poutine and burger), then POUTINE2 (2.00), then WELCOME10 on what is left: 10 % of
            // 44.00, not of 51.00, although it was given first.
            let quote = try await orders.call(
                QuoteOp.self,
                .init(cartId: cart.cartId, vouchers: ["welcome10", " MAINS5 ", "poutine2", "VIPGUEST", "WELCOME10"])
            )
            #expect(quote.cart == cart)
            #expect(quote.vouchers.map(\.code) == ["WELCOME10", "MAINS5", "POUTINE2", "VIPGUEST", "WELCOME10"])
            #expect(quote.vouchers.map(\.applied) == [true, true, true, false, false])
            #expect(quote.vouchers.map(\.discount) == ["4.40", "5.00", "2.00", "0.00", "0.00"])
            #expect(quote.vouchers.map { $0.refusal?.code } == [nil, nil, nil, "not_stackable", "not_stackable"])
            #expect(quote.voucherDiscount == "11.40")
            #expect(quote.total == "39.60")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func publicVouchersSayWhyTheyAreRefused(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let fries = try await orders.cart(items: [("fries", 1)])
            let quote = try await orders.call(
                QuoteOp.self,
                .init(cartId: fries.cartId, vouchers: ["WELCOME10", "MAINS5", "NOPE", "POUTINE2"])
            )
            #expect(quote.vouchers.map(\.code) == ["WELCOME10", "MAINS5", "NOPE", "POUTINE2"])
            #expect(quote.vouchers.map(\.applied) == [false, false, false, false])
            #expect(
                quote.vouchers.map { $0.refusal?.code } == [
                    "min_spend", "not_applicable", "not_found", "not_applicable",
                ]
            )
            #expect(quote.vouchers[0].refusal?.shortfall == "19.00")
            #expect(quote.vouchers[1].refusal?.shortfall == nil)
            #expect(quote.voucherDiscount == "0.00")
            #expect(quote.total == "6.00")

            let oneMain = try await orders.cart(items: [("burger", 1)])
            let tooFew = try await orders.call(QuoteOp.self, .init(cartId: oneMain.cartId, vouchers: ["MAINS5"]))
            #expect(tooFew.vouchers.map { $0.refusal?.code } == ["not_applicable"])
            #expect(tooFew.total == "19.00")

            let badPhone = try await orders.failure(QuoteOp.self, .init(cartId: oneMain.cartId, phone: "12"))
            #expect(badPhone.code == .invalidArgument)
            #expect(badPhone.field == "phone")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func windowsAndStackingOnAMenuWithFixedDates(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine, menuJSON: TestMenu.json) { orders in
            let cart = try await orders.cart(items: [("soup", 2)])
            #expect(cart.total == "20.00")
            let refused = try await orders.call(
                QuoteOp.self,
                .init(cartId: cart.cartId, vouchers: ["old", "later", "hiddenold", "unknown", "big"])
            )
            #expect(
                refused.vouchers.map { $0.refusal?.code } == [
                    "expired", "not_started", "not_found", "not_found", "min_spend",
                ]
            )
            #expect(refused.vouchers[2].refusal?.message == #"no voucher has the code "HIDDENOLD""#)
            #expect(refused.vouchers[3].refusal?.message == #"no voucher has the code "UNKNOWN""#)
            #expect(refused.vouchers[4].refusal?.shortfall == "80.00")
            #expect(refused.total == "20.00")

            let soloFirst = try await orders.call(QuoteOp.self, .init(cartId: cart.cartId, vouchers: ["SOLO", "ONCE"]))
            #expect(soloFirst.vouchers.map(\.applied) == [true, false])
            #expect(soloFirst.vouchers.map(\.discount) == ["10.00", "0.00"])
            #expect(soloFirst.vouchers[1].refusal?.code == "not_stackable")
            #expect(soloFirst.total == "10.00")

            let onceFirst = try await orders.call(QuoteOp.self, .init(cartId: cart.cartId, vouchers: ["ONCE", "SOLO"]))
            #expect(onceFirst.vouchers.map(\.applied) == [true, false])
            #expect(onceFirst.vouchers[1].refusal?.code == "not_stackable")
            #expect(onceFirst.total == "19.00")

            var coupon = QuoteOp.Args(cartId: cart.cartId, vouchers: ["TWICE"])
            coupon.coupon = "once"
            let both = try await orders.call(QuoteOp.self, coupon)
            #expect(both.vouchers.map(\.code) == ["ONCE", "TWICE"], "the coupon comes before the vouchers")
            #expect(both.voucherDiscount == "3.00")
            #expect(both.total == "17.00")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func checkoutValidationReportsEveryProblemAtOnce(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let result = try await orders.call(CheckoutValidateOp.self, .init(form: Forms.invalid))
            #expect(!result.valid)
            #expect(
                result.errors.map(\.field) == [
                    "form.name", "form.phone", "form.email", "form.address.street", "form.address.city",
                    "form.address.postalCode",
                ]
            )
            #expect(
                result.errors.map(\.code) == [
                    "invalid_characters", "too_short", "invalid_email", "missing_house_number", "required",
                    "invalid_postal_code",
                ]
            )
            #expect(result.errors.allSatisfy { !$0.message.isEmpty })
            #expect(result.normalized.name == nil && result.normalized.phone == nil)
            #expect(result.normalized.address.country == "CA")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func checkoutValidationNormalizesAValidForm(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let result = try await orders.call(CheckoutValidateOp.self, .init(form: Forms.valid))
            #expect(result.valid)
            #expect(result.errors.isEmpty)
            #expect(
                result.normalized
                    == NormalizedFormView(
                        name: "Zoë O'Brien",
                        phone: "+16135550199",
                        email: "Zoe@example.com",
                        address: .init(street: "24 Sussex Drive", city: "Ottawa", postalCode: "K1M 1M4", country: "CA")
                    )
            )
            var international = Forms.valid
            international.phone = "+1 613.555.0199"
            let again = try await orders.call(CheckoutValidateOp.self, .init(form: international))
            #expect(again.normalized.phone == "+16135550199")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func refusedVouchersAreFormErrorsNamedByTheirPlace(engine: DatabaseEngine) async throws {
        try await OrdersHarness.with(engine) { orders in
            let fries = try await orders.cart(items: [("fries", 1)])
            var form = Forms.valid(vouchers: ["WELCOME10", "NOPE"], coupon: "MAINS5")
            let withCart = try await orders.call(CheckoutValidateOp.self, .init(form: form, cartId: fries.cartId))
            #expect(!withCart.valid)
            #expect(withCart.errors.map(\.field) == ["form.coupon", "form.vouchers[0]", "form.vouchers[1]"])
            #expect(withCart.errors.map(\.code) == ["not_applicable", "min_spend", "not_found"])

            let withoutCart = try await orders.call(CheckoutValidateOp.self, .init(form: form))
            #expect(withoutCart.errors.map(\.field) == ["form.vouchers[1]"], "cart-dependent refusals need a cart")
            #expect(withoutCart.errors.map(\.code) == ["not_found"])

            form.name = ""
            let everything = try await orders.call(CheckoutValidateOp.self, .init(form: form, cartId: fries.cartId))
            #expect(
                everything.errors.map(\.field) == ["form.name", "form.coupon", "form.vouchers[0]", "form.vouchers[1]"]
            )
            #expect(everything.errors.first?.code == "required")
        }
    }
}
