import ArgumentParser
import CalcAPI

extension CeilingCommand {
    /// `reckon ceiling menu [NODE]`: the children of a node of the product tree.
    struct Menu: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the product tree from the root or a node.")

        @OptionGroup var client: ClientOptions

        @Argument(help: "A menu id, e.g. kwikloc_regal; the root when omitted.")
        var node: String?

        func run() async throws {
            let result = try await client.call(CeilingMenuOp.self, .init(node: node))
            try client.print(typed: result, text: CeilingRendering.menu)
        }
    }
}
