/// An error from the ordering domain: a bad menu file or a cart that cannot be priced.
///
/// Both report every problem at once. A bad menu throws one error with code ``Code/invalidCatalogue`` whose
/// ``problems`` name the file and the JSON path of each fault (`menu.json: items[3].price: must be a decimal amount
/// like "12.50", not "-1"`); a bad cart throws ``Code/invalidCart`` with one problem per bad line
/// (`lines[1].itemId`), each carrying its own code such as ``Code/unknownItem`` or ``Code/soldOut``.
public struct OrderingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong overall.
    public var code: Code
    /// A sentence for a person.
    public var message: String
    /// Every fault found, in the order found.
    public var problems: [Problem]

    /// Creates an error.
    public init(_ code: Code, _ message: String, problems: [Problem] = []) {
        self.code = code
        self.message = message
        self.problems = problems
    }

    public var description: String {
        ([message] + problems.map { "- \($0)" }).joined(separator: "\n")
    }

    /// One fault at one place: a field of the menu file or of the cart.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The file name for a menu problem (`menu.json`), `nil` for a cart problem.
        public var file: String?
        /// Where the fault is, as a JSON path: `items[3].price`, `sales[1].items[0].itemId`, `lines[2].quantity`.
        public var field: String
        /// What kind of fault it is.
        public var code: Code
        /// What is wrong, for a person.
        public var message: String

        /// Creates a problem.
        public init(file: String? = nil, field: String, code: Code, message: String) {
            self.file = file
            self.field = field
            self.code = code
            self.message = message
        }

        /// `file: field: message`, or `field: message` without a file.
        public var description: String {
            [file, field.isEmpty ? nil : field, message].compactMap { $0 }.joined(separator: ": ")
        }
    }
}
