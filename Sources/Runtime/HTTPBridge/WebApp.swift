import Foundation
import Hummingbird
import Logging

/// The web app's static files (HTML, CSS, JavaScript modules; no build step), served at `/` from the target's
/// `Public` resources, which the release binary and the container image carry beside the executable.
enum WebApp {
    /// Serves `Public/`; `/` answers `index.html`. Files are revalidated on each load (no stale app after an upgrade).
    static func files(logger: Logger) -> FileMiddleware<BridgeContext, LocalFileSystem> {
        let folder = Bundle.module.resourceURL!.appendingPathComponent("Public").path
        return FileMiddleware(
            folder,
            cacheControl: .init([(MediaType(type: .any), [.noCache])]),
            searchForIndexHtml: true,
            logger: logger
        )
    }
}
