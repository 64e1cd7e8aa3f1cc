import HTTPTypes
import Hummingbird
import NIOCore

/// A whole answer held in memory, as the op routes make them: sent as Hummingbird's `Response` by the router, or
/// written to the connection by ``PipelineOpHandler``.
struct BridgeAnswer {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    /// Nil for an answer with no body (a 304).
    var body: ByteBuffer?

    var response: Response {
        guard let body else { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
