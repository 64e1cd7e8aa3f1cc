import Money
import Ordering
import OrdersAPI
import Storage

/// Turns priced domain values into the wire's views, money as decimal strings in the menu's digits.
struct OrdersViews: Sendable {
    let catalogue: Catalogue
    private var digits: Int { catalogue.restaurant.minorDigits }

    func money(_ amount: Int64) -> String { MinorUnitsText.text(amount, digits: digits) }

    func cart(_ priced: PricedCart, id: String, expiresAt: Int64) -> CartView {
        CartView(
            cartId: id,
            currency: catalogue.restaurant.currency,
            items: priced.items.map(line),
            specialItems: priced.specialItems.map(line),
            totalCount: priced.totalCount,
            subtotal: money(priced.subtotal),
            discount: money(priced.discount),
            total: money(priced.total),
            expiresAt: WallClock.iso8601(millisecondsSince1970: expiresAt)
        )
    }

    func line(_ line: PricedLine) -> LineView {
        LineView(
            id: line.id,
            name: line.name,
            kind: line.kind.rawValue,
            quantity: line.quantity,
            listPrice: money(line.listPrice),
            unitPrice: money(line.unitPrice),
            subtotal: money(line.subtotal),
            discount: money(line.discount),
            total: money(line.total)
        )
    }

    func voucher(_ outcome: VoucherOutcome) -> VoucherView {
        VoucherView(
            code: outcome.code,
            applied: outcome.applied,
            discount: money(outcome.discount),
            refusal: outcome.refusal.map {
                .init(code: $0.code.rawValue, message: $0.message, shortfall: $0.shortfall.map(money))
            }
        )
    }

    func quote(_ quote: Quote, cart: CartView) -> QuoteView {
        QuoteView(
            cart: cart,
            vouchers: quote.vouchers.map(voucher),
            voucherDiscount: money(quote.voucherDiscount),
            total: money(quote.total)
        )
    }

    func menu(remaining: [String: Int]) -> MenuView {
        func item(_ item: MenuItem) -> MenuView.Item {
            let left = remaining[item.id]
            return MenuView.Item(
                id: item.id,
                name: item.name,
                description: item.description,
                kind: item.kind.rawValue,
                price: money(item.price),
                discountPrice: item.discountPrice.map(money),
                tags: item.tags,
                available: !item.soldOut && (left ?? 1) > 0,
                remaining: left
            )
        }
        let groups = catalogue.groups.map { group in
            MenuView.Group(
                id: group.id,
                name: group.name,
                items: group.itemIDs.compactMap(catalogue.item(id:)).map(item)
            )
        }
        let sales = catalogue.sales.map { sale -> MenuView.Sale in
            let bundle = sale.bundle
            let parts = bundle?.items.compactMap { part in catalogue.item(id: part.itemID).map { (part, $0) } } ?? []
            return MenuView.Sale(
                id: sale.id,
                kind: bundle == nil ? "announcement" : "bundle",
                title: sale.title,
                description: sale.description,
                validity: sale.validity,
                items: bundle.map { _ in
                    parts.map { .init(itemId: $0.0.itemID, name: $0.1.name, quantity: $0.0.quantity) }
                },
                price: bundle.map { money($0.price) },
                listPrice: bundle.map { _ in money(parts.reduce(0) { $0 + $1.1.price * Int64($1.0.quantity) }) },
                available: parts.allSatisfy { part, item in
                    !item.soldOut && (remaining[item.id] ?? part.quantity) >= part.quantity
                }
            )
        }
        return MenuView(
            restaurant: .init(name: catalogue.restaurant.name, currency: catalogue.restaurant.currency),
            groups: groups,
            specialItems: catalogue.items.filter { $0.kind == .special }.map(item),
            sales: sales
        )
    }
}
