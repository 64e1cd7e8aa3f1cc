import ArgumentParser
import CalcAPI
import Foundation
import ReckonClient
import Wire

extension CeilingCommand {
    /// `reckon ceiling estimate PRODUCT --length 8.4 --width 6 --drop 0.8`: the bill of materials as a table.
    struct Estimate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Estimate every component of a ceiling product for one room.",
            discussion: """
                Give the room as --length and --width, or --area with an optional --perimeter (area alone assumes a \
                square room). Inputs without an option of their own go through --set NAME=VALUE, using the names \
                `reckon ceiling inputs PRODUCT` lists. Without PRODUCT, on a terminal, the command asks for \
                everything interactively.
                """
        )

        @OptionGroup var client: ClientOptions

        @Argument(help: "A product id, e.g. regal_600x600; omit on a terminal to choose interactively.")
        var product: String?

        @Option(help: "Room length in m.") var length: String?
        @Option(help: "Room width in m.") var width: String?
        @Option(help: "Ceiling area in m² (instead of length and width).") var area: String?
        @Option(help: "Measured perimeter in m, with --area.") var perimeter: String?
        @Option(help: "Suspension drop in m (0.1 to 10).") var drop: String?
        @Option(help: "Spare tiles added after rounding.") var spareTiles: String?
        @Option(help: "Overall allowance in percent (0 to 10).") var variance: String?
        @Option(help: "Tile size of a module product, e.g. 1200x300.") var tile: String?
        @Option(help: "Plasterboard sheet, e.g. 1200x3600.") var boardSheet: String?
        @Option(help: "Plasterboard waste in percent.") var boardWaste: String?
        @Flag(help: "1200 x 300 troffer light fittings.") var troffers = false
        @Flag(help: "600 x 600 air-conditioning registers.") var registers = false
        @Flag(help: "C splines.") var cSpline = false
        @Flag(help: "T splines (needs --c-spline).") var tSpline = false
        @Flag(help: "Intermediate T splines (needs --c-spline).") var intermediateTSpline = false
        @Option(name: .customLong("set"), help: "Any input as NAME=VALUE (repeatable).") var settings: [String] = []

        func validate() throws {
            for setting in settings where !setting.contains("=") {
                throw ValidationError("--set needs NAME=VALUE, got '\(setting)'")
            }
            if product == nil && isatty(0) == 0 {
                throw ValidationError("give a PRODUCT (stdin is not a terminal, so the interactive mode is off)")
            }
        }

        func run() async throws {
            let result: CeilingEstimateOp.Result
            if let product {
                let inputs = Dictionary(givenInputs()) { _, last in last }
                result = try await client.call(CeilingEstimateOp.self, .init(product: product, inputs: inputs))
            } else {
                let reckon = try client.makeClient()
                defer { reckon.close() }
                do {
                    result = try await CeilingInteractive(client: reckon, given: givenInputs()).run()
                } catch let error as WireError {
                    FileHandle.standardError.write(Data((ClientOptions.describe(error) + "\n").utf8))
                    throw ExitCode(1)
                }
            }
            try client.print(typed: result, text: CeilingRendering.estimate)
        }

        /// The inputs given by options, by their catalogue names.
        func givenInputs() -> [(String, JSONValue)] {
            let numbers: [(String, String?)] = [
                ("length_m", length), ("width_m", width), ("area_m2", area), ("perimeter_m", perimeter),
                ("drop_m", drop), ("spare_tiles", spareTiles), ("variance_pct", variance),
                ("board_waste_pct", boardWaste),
            ]
            let flags: [(String, Bool)] = [
                ("troffers_1200x300", troffers), ("aircon_registers_600x600", registers), ("c_spline", cSpline),
                ("t_spline", tSpline), ("intermediate_t_spline", intermediateTSpline),
            ]
            var inputs = numbers.compactMap { name, text in text.map { (name, CeilingRendering.value(typed: $0)) } }
            inputs += flags.filter(\.1).map { ($0.0, .bool(true)) }
            if let tile { inputs.append(("tile_\(tile.lowercased())", .bool(true))) }
            if let boardSheet { inputs.append(("board_sheet", .string(boardSheet))) }
            for setting in settings {
                let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
                inputs.append((parts[0], CeilingRendering.value(typed: parts.count > 1 ? parts[1] : "")))
            }
            return inputs
        }
    }
}
