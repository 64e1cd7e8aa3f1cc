import ArgumentParser

/// `reckon ceiling`: ceiling-materials estimates from the `calc` service's product catalogue.
struct CeilingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ceiling",
        abstract: "Estimate ceiling materials: walk the product tree, see a product's inputs, get a bill of materials.",
        discussion: """
            Run `reckon ceiling estimate` on a terminal without a product to choose one from the menus and answer \
            its inputs one by one.
            """,
        subcommands: [Menu.self, Inputs.self, Estimate.self]
    )
}
