import Gateway
import ServiceLifecycle
import UnixSignals

/// Reloads the gateway's allow-lists on every SIGHUP, until graceful shutdown.
struct HangupReload: Service {
    let gateway: GatewayServer

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            gateway.reloadAllowLists()
        }
    }
}
