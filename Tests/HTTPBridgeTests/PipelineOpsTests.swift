import Glibc
import Testing

@testable import HTTPBridge

/// What the pipeline's op path reads from a request target, and the `Date` header it writes.
@Suite struct PipelineOpsTests {
    @Test func anOpTargetNamesItsServiceOpAndQuery() throws {
        let taken = try #require(PipelineOps.opTarget("/v1/calc/evaluate?expression=1%2B1"))
        #expect(taken.service == "calc")
        #expect(taken.op == "evaluate")
        #expect(taken.path == "/v1/calc/evaluate")
        #expect(taken.query == "expression=1%2B1")
        let plain = try #require(PipelineOps.opTarget("/v1/ledger/bills.add"))
        #expect(plain.op == "bills.add" && plain.query.isEmpty)
    }

    /// Every other target goes on to the router: another depth, an empty or encoded name, another prefix.
    @Test(arguments: [
        "/v1/calc", "/v1/calc/", "/v1//evaluate", "/v1/calc/evaluate/", "/v1/ledger/households/h1/activity",
        "/v1/calc/eval%75ate", "/v2/calc/evaluate", "/health", "/v1/calc/evaluate#x", "v1/calc/evaluate",
    ])
    func anyOtherTargetIsNotTaken(_ target: String) {
        #expect(PipelineOps.opTarget(target) == nil)
    }

    @Test func theDateIsIMFFixdate() {
        var seconds: time_t = 784_111_777  // RFC 9110's example: Sun, 06 Nov 1994 08:49:37 GMT
        var parts = tm()
        gmtime_r(&seconds, &parts)
        #expect(HTTPDate.format(parts) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
