import Foundation
import Ordering
import Testing

@Suite struct CatalogueTests {
    @Test func bundledMenuLoadsAndHasTheSampleShape() throws {
        let catalogue = try Catalogue.bundled()
        #expect(catalogue.restaurant.currency == "CAD")
        #expect(catalogue.restaurant.minorDigits == 2)
        #expect(catalogue.items.count >= 30)
        #expect(catalogue.groups.count == 5)
        for kind in MenuItem.Kind.allCases {
            #expect(catalogue.items.contains { $0.kind == kind }, "no \(kind) item")
        }
        #expect(catalogue.sales.filter { $0.content == .announcement }.count == 2)
        let bundles = catalogue.sales.compactMap(\.bundle)
        #expect(bundles.count == 2)
        for bundle in bundles {
            let parts = bundle.items.compactMap { part in catalogue.item(id: part.itemID).map { ($0, part.quantity) } }
            #expect(parts.count == bundle.items.count)
            #expect(parts.allSatisfy { $0.0.kind == .special })
            #expect(bundle.price < parts.reduce(0) { $0 + $1.0.price * Int64($1.1) })
        }
    }

    @Test func bundledVouchersCoverEveryOption() throws {
        let vouchers = try Catalogue.bundled().vouchers
        #expect(vouchers.contains { if case .percent = $0.value { true } else { false } })
        #expect(vouchers.contains { if case .fixed = $0.value { true } else { false } })
        #expect(vouchers.contains { $0.scope == .order })
        #expect(vouchers.contains { if case .groups = $0.scope { true } else { false } })
        #expect(vouchers.contains { if case .items = $0.scope { true } else { false } })
        #expect(vouchers.contains { $0.minSpend != nil })
        #expect(vouchers.contains { $0.minQuantity != nil })
        #expect(vouchers.contains { $0.startsAt != nil && $0.endsAt != nil })
        #expect(vouchers.contains { $0.maxDiscount != nil })
        #expect(vouchers.contains { $0.usageLimit != nil })
        #expect(vouchers.contains { $0.perCustomerLimit != nil })
        #expect(vouchers.contains { $0.stackable } && vouchers.contains { !$0.stackable })
        #expect(vouchers.contains { $0.visibility == .public } && vouchers.contains { $0.visibility == .private })
    }

    @Test func decodesEveryField() throws {
        let catalogue = try Menus.load(Menus.shopJSON)
        let wings = try #require(catalogue.item(id: "wings"))
        #expect(wings.kind == .discount && wings.price == 1200 && wings.discountPrice == 900 && wings.unitPrice == 900)
        #expect(catalogue.item(id: "pie")?.stock == 2)
        #expect(catalogue.item(id: "gone")?.soldOut == true)
        #expect(catalogue.group(id: "mains")?.itemIDs == ["burger", "salmon"])
        #expect(catalogue.sale(id: "feast")?.bundle?.items.map(\.quantity) == [1, 2])
        let secret = try #require(catalogue.voucher(code: "  secret "))
        #expect(secret.visibility == .private && secret.stackable && secret.minSpend == 3000)
        #expect(secret.startsAt == Menus.date("2026-06-01T00:00:00Z"))
        #expect(catalogue.voucher(code: "ODD")?.value == .percent(basisPoints: 1250))
        #expect(catalogue.voucher(code: "BURGER2")?.scope == .items(["burger"]))
    }

    @Test func loadNamesTheFileInEveryProblem() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID()).json")
        try Data(Menus.json(items: Menus.items.replacingOccurrences(of: #""10.00""#, with: #""-1""#)).utf8)
            .write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = try #require(throws: OrderingError.self) { try Catalogue.load(contentsOf: url) }
        #expect(error.code == .invalidCatalogue)
        #expect(
            error.problems.map(\.description) == [
                "\(url.lastPathComponent): items[0].price: must be a decimal amount like \"12.50\", not \"-1\""
            ]
        )
    }

    @Test func unreadableFileIsAnInvalidCatalogue() {
        let url = URL(fileURLWithPath: "/nonexistent/menu.json")
        #expect(throws: OrderingError.self) { try Catalogue.load(contentsOf: url) }
    }
}
