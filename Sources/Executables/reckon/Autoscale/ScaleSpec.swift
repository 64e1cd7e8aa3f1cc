import ArgumentParser
import Foundation

/// One `--scale SERVICE=MIN..MAX[/SLOTS]`: the service, its process bounds, and the slots each of its processes
/// registers (by default the worker's own default: 4 per CPU for calc, 2 per CPU for the others).
struct ScaleSpec: ExpressibleByArgument, Sendable, Hashable {
    var service: String
    var minimum: Int
    var maximum: Int
    var slotsPerProcess: Int

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        let sized = parts[1].split(separator: "/", maxSplits: 1).map(String.init)
        let bounds = sized[0].components(separatedBy: "..")
        guard bounds.count == 2, let minimum = Int(bounds[0]), let maximum = Int(bounds[1]) else { return nil }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let slots = sized.count == 2 ? Int(sized[1]) : (parts[0] == "calc" ? 4 : 2) * cores
        guard let slots else { return nil }
        self.service = parts[0]
        self.minimum = minimum
        self.maximum = maximum
        self.slotsPerProcess = slots
    }
}
