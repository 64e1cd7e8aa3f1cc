import Testing
import Wire

/// An op's example is checked against the op's own types: an example not recorded yet, text that is not JSON, args
/// of the wrong shape and a result of the wrong shape are each named.
@Suite struct OpExampleTests {
    private struct Args: Codable {
        var expression: String
    }

    private struct Result: Codable {
        var value: String
    }

    @Test func aGoodExampleHasNoProblems() {
        let example = OpExample(args: #"{"expression": "1+1"}"#, result: #"{"value": "2"}"#)
        #expect(example.problems(args: Args.self, result: Result.self).isEmpty)
        #expect(example.args == ["expression": "1+1"])
    }

    @Test func eachWrongHalfIsNamed() {
        let wrongShapes = OpExample(args: #"{"expression": 2}"#, result: #"{"total": "2"}"#)
        let problems = wrongShapes.problems(args: Args.self, result: Result.self)
        #expect(problems.count == 2)
        #expect(problems.first?.hasPrefix("example args does not decode") == true)
        #expect(problems.last?.hasPrefix("example result does not decode") == true)

        let notJSON = OpExample(args: #"{"expression": "1+1""#, result: #"{"value": "2"}"#)
        #expect(notJSON.args[OpExample.unparsableMarker] != nil)
        #expect(
            notJSON.problems(args: Args.self, result: Result.self).first?.hasPrefix("example args is not JSON") == true
        )
    }

    @Test func aContractWithNoRecordedExampleIsNamed() {
        let problems = OpExample.unrecorded.problems(args: Args.self, result: Result.self)
        #expect(problems == ["has no recorded example: run scripts/api-docs.sh, build, and run it again"])
    }
}
