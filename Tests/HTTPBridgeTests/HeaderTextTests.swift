import Testing

@testable import HTTPBridge

/// ``HeaderText`` reads media types, tokens and schemes as RFC 9110 says: ASCII case aside, parameters and the
/// whitespace around them aside, and nothing more.
@Suite struct HeaderTextTests {
    @Test(
        arguments: [
            ("application/json", true), ("Application/JSON", true), (" application/json ; charset=utf-8", true),
            ("\tapplication/json;charset=UTF-8", true), ("application/jsonx", false),
            ("application/problem+json", false),
            ("text/plain", false), ("", false), ("application/json-seq", false), ("applicatio/json", false),
        ]
    )
    func namesJSON(_ contentType: String, _ json: Bool) {
        #expect(OpEndpoint.isJSON(contentType) == json)
        #expect(Gzip.isCompressible(contentType) == json || contentType == "application/problem+json")
    }

    @Test(
        arguments: [
            ("text/javascript", true), ("Text/CSS; charset=utf-8", true), ("text/html", true),
            ("application/javascript", true), ("text/event-stream", false), ("image/png", false),
            ("text/plain", false),
        ]
    )
    func gzipsTheWebAppsTextFilesButNotStreams(_ contentType: String, _ compressible: Bool) {
        #expect(Gzip.isCompressible(contentType) == compressible)
    }

    @Test func trimsOnlySpacesAndTabs() {
        #expect(HeaderText.trimmed(" \t a b \t") == "a b")
        #expect(HeaderText.trimmed("   ") == "")
        #expect(HeaderText.trimmed("") == "")
        #expect(HeaderText.trimmed("\na\n") == "\na\n")
    }

    @Test func comparesInAnyASCIICase() {
        #expect(HeaderText.equals("BeArEr", lowercase: "bearer"))
        #expect(!HeaderText.equals("bearers", lowercase: "bearer"))
        #expect(!HeaderText.equals("bëarer", lowercase: "bearer"))
        #expect(HeaderText.hasSuffix("application/PROBLEM+JSON", lowercase: "+json"))
        #expect(!HeaderText.hasSuffix("json", lowercase: "+json"))
        #expect(HTTPEnvelope.bearer("bEARER t-1") == "t-1" && HTTPEnvelope.bearer("Basic t-1") == nil)
    }
}
