import Testing

@testable import Telemetry

@Suite struct ProtobufWriterTests {
    @Test func writesVarintsFixedNumbersAndStringsInTheWireFormat() {
        var writer = ProtobufWriter()
        writer.varint(1, 150)
        writer.varint(2, 0)  // a default: left out
        writer.varint(3, 0, always: true)
        writer.fixed64(4, 1)
        writer.fixed32(5, 0x0102)
        writer.string(6, "hi")
        writer.string(7, "")  // left out
        writer.double(8, 1.0)
        #expect(
            writer.bytes == [
                0x08, 0x96, 0x01, 0x18, 0x00, 0x21, 1, 0, 0, 0, 0, 0, 0, 0, 0x2D, 0x02, 0x01, 0, 0, 0x32, 2, 0x68,
                0x69, 0x41, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F,
            ]
        )
    }

    @Test func putsANestedMessagesLengthInFrontOfItEvenPast127Bytes() {
        var writer = ProtobufWriter()
        writer.message(1) { outer in
            outer.message(2) { $0.string(3, String(repeating: "x", count: 200)) }
        }
        // 1: tag 0x0A, length 206 (0xCE 0x01); 2: tag 0x12, length 203 (0xCB 0x01); 3: tag 0x1A, length 200 (0xC8 0x01)
        #expect(Array(writer.bytes.prefix(9)) == [0x0A, 0xCE, 0x01, 0x12, 0xCB, 0x01, 0x1A, 0xC8, 0x01])
        #expect(writer.bytes.count == 3 + 206)
    }
}
