import Foundation
import ZeroMQ

/// The CURVE public keys one gateway socket accepts, read from a text file.
///
/// One entry per line: a Z85 key (40 characters); for workers, then the services that key may serve, separated by
/// commas; for clients, optionally `bridge` (the key may name the end caller of each request: ``Entry/namesCallers``)
/// and limits of the key's own in place of the gateway's (`rate=20000 burst=40000 pending=10000
/// pending-bytes=67108864`, see ``ClientLimitOverrides``); then, optionally, a comment, which names the entry in logs. A comment starts at a `#` that begins a
/// field (Z85 never starts a key with `#`). Blank and comment-only lines are skipped.
///
/// ```text
/// # workers: key, services, name
/// rq:rM>}U?@Lns47E1%kR.o@n%FcmmsL/@{H8]yf7  calc,orders   # build host 1
/// # clients: key, own limits, name
/// Yne@$w-vo<fVvi]a<NY6T1ed:M$fCG*[IaLV{hID  bridge rate=20000 pending=10000   # reckon-http
/// ```
public struct AllowList: Sendable, Hashable {
    /// Which socket a list is for: worker lines must name services, client lines must not.
    public enum Kind: String, Sendable {
        case clients, workers
    }

    /// One listed key.
    public struct Entry: Sendable, Hashable {
        public let key: CurveKey
        /// The services a worker key may serve; empty for clients.
        public let services: Set<String>
        /// The line's comment, if any.
        public let name: String?
        /// A client key's own limits, if its line gives any.
        public let limits: ClientLimitOverrides?
        /// A client key marked `bridge`: it may name the end caller of each request (the envelope's `caller`).
        public let namesCallers: Bool

        init(
            key: CurveKey,
            services: Set<String>,
            name: String?,
            limits: ClientLimitOverrides? = nil,
            namesCallers: Bool = false
        ) {
            self.key = key
            self.services = services
            self.name = name
            self.limits = limits
            self.namesCallers = namesCallers
        }
    }

    public let kind: Kind
    /// The entries by key.
    public let entries: [CurveKey: Entry]

    /// Parses a list.
    /// - Parameter source: names the text in errors (the file's path).
    /// - Throws: ``AllowListError/invalidLine(source:line:reason:)`` for the first bad line.
    public init(parsing text: String, kind: Kind, source: String) throws(AllowListError) {
        self.kind = kind
        var entries: [CurveKey: Entry] = [:]
        var lines: [CurveKey: Int] = [:]
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = index + 1
            do throws(AllowListLine.Failure) {
                guard let entry = try AllowListLine.parse(line, kind: kind) else { continue }
                if let first = lines[entry.key] { throw .init("key already listed on line \(first)") }
                entries[entry.key] = entry
                lines[entry.key] = number
            } catch {
                throw .invalidLine(source: source, line: number, reason: error.reason)
            }
        }
        self.entries = entries
    }

    /// Reads and parses the file at `path`.
    /// - Throws: ``AllowListError``.
    public init(contentsOf path: String, kind: Kind) throws(AllowListError) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadable(path: path) }
        try self.init(parsing: text, kind: kind, source: path)
    }

    /// The entry for `key`, if listed.
    public func entry(for key: CurveKey) -> Entry? { entries[key] }
}
