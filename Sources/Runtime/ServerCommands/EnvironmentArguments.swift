import ArgumentParser
import Foundation

/// A server's settings from the environment, so containers configure every option without a command line:
/// `RECKON_MAX_QUEUE=64` means `--max-queue 64` for a command that has `--max-queue`, and `RECKON_NAME=true` (or
/// `1`, `yes`) sets a flag `--name`. The command line wins: a setting it already gives is not added again.
/// Variables that name no option of the command are ignored.
public enum EnvironmentArguments {
    /// `arguments` with the settings of `environment` added for the options `help` (the command's help text) lists.
    public static func merged(arguments: [String], environment: [String: String], help: String) -> [String] {
        let options = self.options(in: help)
        var merged = arguments
        for (variable, value) in environment.sorted(by: { $0.key < $1.key }) where variable.hasPrefix("RECKON_") {
            let name = variable.dropFirst("RECKON_".count).lowercased().replacingOccurrences(of: "_", with: "-")
            guard let takesValue = options[name], !arguments.contains(where: { given(name, $0) }) else { continue }
            if takesValue {
                merged += ["--" + name, value]
            } else if ["1", "true", "yes"].contains(value.lowercased()) {
                merged.append("--" + name)
            }
        }
        return merged
    }

    /// The long options in a help text, and whether each takes a value (`--name <value>`).
    static func options(in help: String) -> [String: Bool] {
        var options: [String: Bool] = [:]
        let pattern = /--([a-z][a-z0-9-]*)( <[^>]+>)?/
        for match in help.matches(of: pattern) {
            options[String(match.1), default: false] = options[String(match.1), default: false] || match.2 != nil
        }
        return options
    }

    private static func given(_ name: String, _ argument: String) -> Bool {
        argument == "--" + name || argument.hasPrefix("--" + name + "=")
    }
}

extension AsyncParsableCommand {
    /// Runs the command with its options taken from the command line and then from `RECKON_*` variables.
    public static func mainWithEnvironment() async {
        await main(
            EnvironmentArguments.merged(
                arguments: Array(CommandLine.arguments.dropFirst()),
                environment: ProcessInfo.processInfo.environment,
                help: helpMessage(includeHidden: true, columns: 10_000)
            )
        )
    }
}
