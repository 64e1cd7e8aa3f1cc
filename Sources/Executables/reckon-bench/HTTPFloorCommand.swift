import ArgumentParser
import Hummingbird

/// `reckon-bench http-floor --port N`: a bare Hummingbird route that answers `GET /` with 200, the HTTP floor the
/// bridge's figures are compared with (`scripts/bench/http.sh`).
struct HTTPFloorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http-floor",
        abstract: "Serve a bare Hummingbird route answering 200, the HTTP floor of scripts/bench/http.sh."
    )

    @Option(help: "Port to listen on, on 127.0.0.1.")
    var port: Int

    func run() async throws {
        let router = Router()
        router.get("/") { _, _ in "ok" }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
        try await application.runService()
    }
}
