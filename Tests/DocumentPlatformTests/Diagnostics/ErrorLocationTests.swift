import DocumentPlatform
import Testing

@Suite struct ErrorLocationTests {
    @Test func printsByteOffsetsInDecimalAndHex() {
        #expect(ErrorLocation.byte(500).description == "byte 500 (0x1f4)")
        #expect(ErrorLocation.inMember("Images/a.png", .byte(0)).description == "member Images/a.png: byte 0 (0x0)")
    }
}
