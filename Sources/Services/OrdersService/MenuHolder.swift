import Foundation
import Logging
import Ordering
import Synchronization

/// The menu the worker serves, swapped whole on reload: a request sees the old menu or the new one, never half.
public final class MenuHolder: Sendable {
    private let file: URL?
    private let catalogue: Mutex<Catalogue>

    /// Loads and validates the menu file (the bundled sample when `file` is `nil`).
    /// - Throws: `OrderingError` listing every problem of a bad file.
    public init(file: String?) throws {
        self.file = file.map { URL(fileURLWithPath: $0) }
        catalogue = Mutex(try Self.load(self.file))
    }

    /// The menu now.
    public var current: Catalogue { catalogue.withLock { $0 } }

    /// Reads the file again; a bad file leaves the old menu in place.
    /// - Throws: `OrderingError` listing every problem of the new file.
    @discardableResult
    public func reload() throws -> Catalogue {
        let fresh = try Self.load(file)
        catalogue.withLock { $0 = fresh }
        return fresh
    }

    private static func load(_ file: URL?) throws -> Catalogue {
        try file.map(Catalogue.load(contentsOf:)) ?? Catalogue.bundled()
    }
}
