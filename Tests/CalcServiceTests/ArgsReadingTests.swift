import Foundation
import Testing
import CalcAPI
import Wire

@testable import CalcService

/// Arguments that read themselves (``JSONReadable``) give what `Decodable` gives, and leave every other input to it.
@Suite struct ArgsReadingTests {
    @Test(
        arguments: [
            #"{"expression":"1+1"}"#,
            #"{"expression":"sin(30)","angle":"deg","digits":20}"#,
            #"{"angle":null,"digits":null,"ans":null,"extra":[1],"expression":"2"}"#,
            #"{"expression":"2","digits":-3}"#,
        ]
    )
    func evaluateReadsWhatDecodableDecodes(_ text: String) throws {
        let read = try #require(EvaluateOp.Args(readingJSON: try JSONValue(parsing: text)))
        let decoded = try JSONDecoder().decode(EvaluateOp.Args.self, from: Data(text.utf8))
        #expect(read.expression == decoded.expression)
        #expect(read.angle == decoded.angle)
        #expect(read.digits == decoded.digits)
        #expect(read.ans == nil && decoded.ans == nil)
    }

    @Test(
        arguments: [
            #"{"expression":1}"#, "{}", "[]", #""1+1""#, #"{"expression":"1","digits":1.5}"#,
            #"{"expression":"1","digits":"3"}"#, #"{"expression":"1","digits":1e2}"#, #"{"expression":"1","angle":7}"#,
            #"{"expression":"1","ans":"2"}"#, #"{"expression":"1","ans":2}"#,
        ]
    )
    func evaluateLeavesEverythingElseToDecodable(_ text: String) throws {
        #expect(EvaluateOp.Args(readingJSON: try JSONValue(parsing: text)) == nil)
    }
}
