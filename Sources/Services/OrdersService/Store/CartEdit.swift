import Ordering
import Storage

/// One change of a cart's lines, worked out against the lines as read and written as one write step.
enum CartEdit: Sendable {
    /// Adds units to a line, creating it at the end.
    case add(CartStore.LineKind, String, quantity: Int)
    /// Changes an existing line by a number of units; at zero the line goes.
    case change(CartStore.LineKind, String, by: Int)
    /// Removes an existing line.
    case remove(CartStore.LineKind, String)

    /// The cart's lines after the edit.
    /// - Throws: ``StoreError`` `notFound` for a change or removal of a line the cart does not have.
    func applied(to lines: [CartLine]) throws -> [CartLine] {
        let (kind, ref) = line
        let index = lines.firstIndex { CartStore.LineKind.of($0) == (kind, ref) }
        var lines = lines
        switch (self, index) {
        case (.add(_, _, let quantity), let index?):
            lines[index] = kind.line(ref, quantity: lines[index].quantity + quantity)
        case (.add(_, _, let quantity), nil):
            lines.append(kind.line(ref, quantity: quantity))
        case (.change(_, _, let delta), let index?):
            let quantity = lines[index].quantity + delta
            if quantity > 0 { lines[index] = kind.line(ref, quantity: quantity) } else { lines.remove(at: index) }
        case (.remove, let index?):
            lines.remove(at: index)
        case (.change, nil), (.remove, nil):
            throw CartStore.noLine(kind, ref)
        }
        return lines
    }

    /// The step that makes the edit in cart `cart`, whose lines were `lines` when it was read.
    func step(cart: String, lines: [CartLine]) -> WriteStep {
        let (kind, ref) = line
        let quantity = lines.first { CartStore.LineKind.of($0) == (kind, ref) }?.quantity ?? 0
        let remove: SQL =
            "DELETE FROM orders_cart_lines WHERE cart_id = \(cart) AND kind = \(kind.rawValue) AND ref = \(ref)"
        switch self {
        case .add(_, _, let added):
            return WriteStep(
                "line",
                """
                INSERT INTO orders_cart_lines (cart_id, kind, ref, quantity, position)
                VALUES (\(cart), \(kind.rawValue), \(ref), \(added),
                        (SELECT COALESCE(MAX(position), 0) + 1 FROM orders_cart_lines WHERE cart_id = \(cart)))
                ON CONFLICT (cart_id, kind, ref) DO UPDATE SET quantity = orders_cart_lines.quantity + excluded.quantity
                """
            )
        case .change(_, _, let delta) where quantity + delta > 0:
            return WriteStep(
                "line",
                """
                UPDATE orders_cart_lines SET quantity = \(quantity + delta)
                WHERE cart_id = \(cart) AND kind = \(kind.rawValue) AND ref = \(ref)
                """
            )
        case .change, .remove:
            return WriteStep("line", remove)
        }
    }

    private var line: (CartStore.LineKind, String) {
        switch self {
        case .add(let kind, let ref, _), .change(let kind, let ref, _), .remove(let kind, let ref): (kind, ref)
        }
    }
}

extension CartStore.LineKind {
    /// A line of this kind.
    func line(_ ref: String, quantity: Int) -> CartLine {
        switch self {
        case .item: .item(id: ref, quantity: quantity)
        case .bundle: .bundle(saleID: ref, quantity: quantity)
        }
    }

    /// The kind and reference of `line`.
    static func of(_ line: CartLine) -> (Self, String) {
        switch line {
        case .item(let id, _): (.item, id)
        case .bundle(let saleID, _): (.bundle, saleID)
        }
    }
}
