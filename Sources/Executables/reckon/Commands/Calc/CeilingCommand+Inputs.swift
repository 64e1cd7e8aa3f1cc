import ArgumentParser
import CalcAPI

extension CeilingCommand {
    /// `reckon ceiling inputs PRODUCT`: the inputs a product needs.
    struct Inputs: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the inputs a ceiling product needs.")

        @OptionGroup var client: ClientOptions

        @Argument(help: "A product id, e.g. regal_600x600 (see `reckon ceiling menu`).")
        var product: String

        func run() async throws {
            let result = try await client.call(CeilingInputsOp.self, .init(product: product))
            try client.print(typed: result, text: CeilingRendering.form)
        }
    }
}
