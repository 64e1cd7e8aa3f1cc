/// A program `reckon up` keeps running.
struct ChildSpec: Sendable {
    /// The executable's name, e.g. `reckon-gateway`; also the log file's name.
    var name: String
    var path: String
    var arguments: [String]
}
