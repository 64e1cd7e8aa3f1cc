import Foundation
import ReckonTesting
import Testing

/// `reckon ceiling estimate` with no product, on a terminal (util-linux's `script` gives it one): it walks the tree,
/// asks for the inputs, and asks again for an input the service refuses instead of giving up.
@Suite struct CeilingInteractiveTests {
    /// Runs the dialogue with `answers` typed in; its output and exit status.
    private func dialogue(endpoint: String, answers: [String]) async throws -> (output: String, status: Int32) {
        try await onThread {
            let reckon = ChildProcess.binDirectory.appendingPathComponent("reckon").path
            let run = try CapturedRun.run(
                URL(fileURLWithPath: "/usr/bin/script"),
                ["-qec", "\(reckon) ceiling estimate --endpoint \(endpoint)", "/dev/null"],
                input: Data(answers.map { $0 + "\n" }.joined().utf8),
                mergingErrors: true,
                closingInputFirst: false
            )
            return (String(decoding: run.output, as: UTF8.self), run.status)
        }
    }

    @Test func aRefusedInputIsAskedForAgain() async throws {
        try await withLocalStack { stack in
            // Regal, 1200 x 600; a 5 x 4 m room; no troffers or registers; a drop of 50 m (refused: 0.1 to 10),
            // no spares, no allowance; then, asked again, a drop of 2 m.
            let (output, status) = try await dialogue(
                endpoint: stack.clientEndpoint,
                answers: ["1", "1", "5", "4", "", "", "50", "", "", "2"]
            )
            #expect(status == 0, "\(output)")
            #expect(output.contains("Length Drop must be between 0.1 and 10"), "\(output)")
            #expect(output.contains("Wall Angle") && output.contains("Tiles 1200x600"), "\(output)")
        }
    }
}
