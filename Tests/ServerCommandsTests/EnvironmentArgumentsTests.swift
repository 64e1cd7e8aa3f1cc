import ArgumentParser
import ServerCommands
import Testing

/// `RECKON_*` variables become options: containers configure servers from the environment alone.
@Suite struct EnvironmentArgumentsTests {
    /// A stand-in server command with an option, a repeatable option and a flag.
    struct Server: AsyncParsableCommand {
        @Option var maxQueue = 1024
        @Option var gateway: [String] = []
        @Flag var verbose = false
        func run() async throws {}
    }

    private func merged(_ arguments: [String], _ environment: [String: String]) -> [String] {
        EnvironmentArguments.merged(
            arguments: arguments,
            environment: environment,
            help: Server.helpMessage(includeHidden: true, columns: 10_000)
        )
    }

    @Test func variablesNamingOptionsBecomeThem() throws {
        let arguments = merged([], ["RECKON_MAX_QUEUE": "64", "RECKON_VERBOSE": "true", "PATH": "/bin"])
        #expect(arguments == ["--max-queue", "64", "--verbose"])
        let server = try Server.parse(arguments)
        #expect(server.maxQueue == 64 && server.verbose)
    }

    @Test func theCommandLineWins() {
        #expect(merged(["--max-queue", "8"], ["RECKON_MAX_QUEUE": "64"]) == ["--max-queue", "8"])
        #expect(merged(["--max-queue=8"], ["RECKON_MAX_QUEUE": "64"]) == ["--max-queue=8"])
    }

    @Test func otherVariablesAndFalseFlagsAreIgnored() {
        #expect(merged([], ["RECKON_NO_SUCH_OPTION": "1", "RECKON_VERBOSE": "false", "MAX_QUEUE": "3"]).isEmpty)
    }
}
