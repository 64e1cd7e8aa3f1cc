import OrdersAPI

/// What an order row keeps in its `details` column: what the customer was shown and charged, as the store writes
/// it. Its JSON keys are the store's own, kept as the rows written so far have them, so a change to the wire's
/// ``OrdersAPI/OrderView`` never changes how stored orders read. Status and history live in their own columns.
struct StoredOrder: Codable, Sendable, Hashable {
    /// A priced line, money as exact decimal text.
    struct Line: Codable, Sendable, Hashable {
        var id, name, kind: String
        var quantity: Int
        var listPrice, unitPrice, subtotal, discount, total: String
    }

    /// What a voucher did, and why it was refused if it was.
    struct Voucher: Codable, Sendable, Hashable {
        struct Refusal: Codable, Sendable, Hashable {
            var code, message: String
            var shortfall: String?
        }
        var code: String
        var applied: Bool
        var discount: String
        var refusal: Refusal?
    }

    /// Who ordered, and where it goes.
    struct Customer: Codable, Sendable, Hashable {
        struct Address: Codable, Sendable, Hashable {
            var street, city, postalCode, country: String?
        }
        var name, phone: String
        var email: String?
        var address: Address
    }

    var orderId, currency: String
    var items, specialItems: [Line]
    var subtotal, discount: String
    var vouchers: [Voucher]
    var voucherDiscount, total: String
    var customer: Customer
    var placedAt: String
}

extension StoredOrder {
    /// The order as placed.
    init(_ order: OrderView) {
        let line = { (line: LineView) in
            Line(
                id: line.id,
                name: line.name,
                kind: line.kind,
                quantity: line.quantity,
                listPrice: line.listPrice,
                unitPrice: line.unitPrice,
                subtotal: line.subtotal,
                discount: line.discount,
                total: line.total
            )
        }
        let address = order.customer.address
        self.init(
            orderId: order.orderId,
            currency: order.currency,
            items: order.items.map(line),
            specialItems: order.specialItems.map(line),
            subtotal: order.subtotal,
            discount: order.discount,
            vouchers: order.vouchers.map { voucher in
                Voucher(
                    code: voucher.code,
                    applied: voucher.applied,
                    discount: voucher.discount,
                    refusal: voucher.refusal.map { .init(code: $0.code, message: $0.message, shortfall: $0.shortfall) }
                )
            },
            voucherDiscount: order.voucherDiscount,
            total: order.total,
            customer: Customer(
                name: order.customer.name,
                phone: order.customer.phone,
                email: order.customer.email,
                address: .init(
                    street: address.street,
                    city: address.city,
                    postalCode: address.postalCode,
                    country: address.country
                )
            ),
            placedAt: order.placedAt
        )
    }

    /// The order as the wire shows it, with its current `status` and `history`.
    func view(status: String, history: [OrderView.StatusChange]) -> OrderView {
        let line = { (line: Line) in
            LineView(
                id: line.id,
                name: line.name,
                kind: line.kind,
                quantity: line.quantity,
                listPrice: line.listPrice,
                unitPrice: line.unitPrice,
                subtotal: line.subtotal,
                discount: line.discount,
                total: line.total
            )
        }
        let address = customer.address
        return OrderView(
            orderId: orderId,
            status: status,
            currency: currency,
            items: items.map(line),
            specialItems: specialItems.map(line),
            subtotal: subtotal,
            discount: discount,
            vouchers: vouchers.map { voucher in
                VoucherView(
                    code: voucher.code,
                    applied: voucher.applied,
                    discount: voucher.discount,
                    refusal: voucher.refusal.map { .init(code: $0.code, message: $0.message, shortfall: $0.shortfall) }
                )
            },
            voucherDiscount: voucherDiscount,
            total: total,
            customer: .init(
                name: customer.name,
                phone: customer.phone,
                email: customer.email,
                address: .init(
                    street: address.street,
                    city: address.city,
                    postalCode: address.postalCode,
                    country: address.country
                )
            ),
            placedAt: placedAt,
            history: history
        )
    }
}
