import ZeroMQ

/// Parses one line of an ``AllowList``.
enum AllowListLine {
    /// What is wrong with a line.
    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The entry on `line`, or `nil` for a blank or comment-only line.
    static func parse(_ line: Substring, kind: AllowList.Kind) throws(Failure) -> AllowList.Entry? {
        let (content, comment) = splitComment(line)
        var fields = content.split(whereSeparator: \.isWhitespace)
        guard !fields.isEmpty else { return nil }
        let keyText = String(fields.removeFirst())
        guard let key = try? CurveKey(z85: keyText) else {
            throw Failure("not a 40-character Z85 CURVE key: \(keyText)")
        }
        let name = comment.isEmpty ? nil : comment
        switch kind {
        case .clients:
            let namesCallers = fields.contains("bridge")
            fields.removeAll { $0 == "bridge" }
            guard !fields.isEmpty else {
                return AllowList.Entry(key: key, services: [], name: name, namesCallers: namesCallers)
            }
            var limits = ClientLimitOverrides()
            for field in fields { try limits.read(field) }
            return AllowList.Entry(key: key, services: [], name: name, limits: limits, namesCallers: namesCallers)
        case .workers:
            let services = try parseServices(fields.joined(separator: " "))
            return AllowList.Entry(key: key, services: services, name: name)
        }
    }

    /// The services of a worker line: names separated by commas, spaces after commas allowed.
    private static func parseServices(_ text: String) throws(Failure) -> Set<String> {
        guard !text.isEmpty else { throw Failure("a worker key needs the services it may serve, as KEY calc,orders") }
        var services: Set<String> = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = item.trimmingWhitespace
            guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
                throw Failure("services are names separated by commas, got \"\(text)\"")
            }
            services.insert(name)
        }
        return services
    }

    /// The line before its comment, and the comment's text (trimmed). A comment starts at a `#` that begins a
    /// field: at the start of the line or after whitespace.
    private static func splitComment(_ line: Substring) -> (Substring, String) {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#", previous.isWhitespace {
                return (line[..<index], line[line.index(after: index)...].trimmingWhitespace)
            }
            previous = line[index]
        }
        return (line, "")
    }
}

extension StringProtocol {
    fileprivate var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
