import CheckoutForm
import Foundation
import Ordering
import OrdersAPI
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `quote` and `checkout.validate`.
    mutating func registerCheckoutOps(_ orders: Orders, _ scopes: OrdersScopes) {
        register(QuoteOp.self, in: scopes.read, handler: orders.quote)
        register(CheckoutValidateOp.self, in: scopes.read, handler: orders.validateCheckout)
    }
}

extension Orders {
    /// `quote`: the cart with the vouchers applied, and why any is refused.
    func quote(_ args: QuoteOp.Args, _ context: TransactionContext) async throws -> QuoteOp.Result {
        let db = context.db
        let catalogue = menu.current
        let cart = try await readable(args.cartId, in: db)
        let priced = try price(cart, catalogue, stockLeft: nil)
        let codes = (args.coupon.map { [$0] } ?? []) + (args.vouchers ?? [])
        let customer = try customerKey(phone: args.phone, email: args.email)
        let usage = try await uses.usage(of: codes, customer: customer, in: db)
        let quote = VoucherEngine(catalogue: catalogue).apply(codes: codes, to: priced, now: Date()) {
            usage[$0] ?? .none
        }
        let views = OrdersViews(catalogue: catalogue)
        return views.quote(quote, cart: views.cart(priced, id: cart.id, expiresAt: carts.expiry(of: cart)))
    }

    /// `checkout.validate`: every problem of the form at once, vouchers included.
    func validateCheckout(
        _ args: CheckoutValidateOp.Args,
        _ context: TransactionContext
    ) async throws -> CheckoutValidateOp.Result {
        let db = context.db
        let checked = validator.validate(args.form.input, defaultRegion: region)
        var errors = checked.problems.map(FieldErrorView.init)
        let codes = args.form.voucherCodes
        let catalogue = menu.current
        // A cart named must exist, vouchers or not. Without one, vouchers are tried on an empty cart and only
        // refusals that no cart would lift count.
        var priced: PricedCart?
        if let id = args.cartId {
            priced = try price(try await readable(id, in: db), catalogue, stockLeft: nil)
        }
        if !codes.isEmpty {
            let usage = try await uses.usage(of: codes, customer: checked.customerKey, in: db)
            let quote = VoucherEngine(catalogue: catalogue).apply(
                codes: codes,
                to: try priced ?? catalogue.price([]),
                now: Date()
            ) { usage[$0] ?? .none }
            errors += VoucherFields.errors(quote, form: args.form, cartKnown: priced != nil)
        }
        return CheckoutValidateOp.Result(
            valid: errors.isEmpty,
            errors: errors,
            normalized: NormalizedFormView(checked.fields)
        )
    }
}

/// Voucher refusals as checkout field errors: `form.coupon`, or `form.vouchers[i]`.
enum VoucherFields {
    private static let cartDependent: Set<String> = ["min_spend", "not_applicable"]

    static func errors(_ quote: Quote, form: CheckoutFormArgs, cartKnown: Bool) -> [FieldErrorView] {
        zip(quote.vouchers, fields(form)).compactMap { outcome, field in
            guard let refusal = outcome.refusal, cartKnown || !cartDependent.contains(refusal.code.rawValue) else {
                return nil
            }
            return FieldErrorView(field: field, code: refusal.code.rawValue, message: refusal.message)
        }
    }

    /// The form field of each code, in the order `voucherCodes` lists them.
    static func fields(_ form: CheckoutFormArgs) -> [String] {
        (form.coupon == nil ? [] : ["form.coupon"]) + (form.vouchers ?? []).indices.map { "form.vouchers[\($0)]" }
    }
}

extension CheckoutFormArgs {
    /// The form as the validator takes it.
    var input: CheckoutFormInput {
        CheckoutFormInput(
            name: name,
            phone: phone,
            email: email,
            address: AddressInput(
                street: address.street,
                city: address.city,
                postalCode: address.postalCode,
                country: address.country
            )
        )
    }
}

extension FieldErrorView {
    /// A form problem, its field under `form.`.
    init(_ problem: CheckoutFormProblem) {
        self.init(field: "form." + problem.field.rawValue, code: problem.code.rawValue, message: problem.message)
    }
}

extension NormalizedFormView {
    init(_ fields: NormalizedFields) {
        self.init(
            name: fields.name,
            phone: fields.phone,
            email: fields.email,
            address: .init(
                street: fields.street,
                city: fields.city,
                postalCode: fields.postalCode,
                country: fields.country
            )
        )
    }
}
