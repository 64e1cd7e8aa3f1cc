import OrdersAPI
import ReckonClient

extension ReckonClient {
    /// Every order id placed for `phone`, read back page by page through the staff op `order.list`.
    func orderIDs(phone: String, staffKey: String) async throws -> [String] {
        var ids: [String] = []
        var cursor: String?
        repeat {
            let page = try await call(
                OrderListOp.self,
                .init(phone: phone, limit: 100, cursor: cursor),
                token: staffKey
            )
            ids += page.orders.map(\.orderId)
            cursor = page.nextCursor
        } while cursor != nil
        return ids
    }
}
