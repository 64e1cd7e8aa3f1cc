import Foundation

/// The parts of a `postgres://` (or `postgresql://`) URL.
struct URLParts {
    let host: String
    let port: Int?
    let user: String?
    let password: String?
    let database: String?
    let query: [String: String]

    init?(_ url: String) {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme),
            let host = components.host, !host.isEmpty
        else { return nil }
        self.host = host
        port = components.port
        user = components.user?.removingPercentEncoding ?? components.user
        password = components.password?.removingPercentEncoding ?? components.password
        let path = components.path.drop { $0 == "/" }
        database = path.isEmpty ? nil : String(path)
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        self.query = query
    }
}
