/// The one way byte offsets are printed in messages (DESIGN.md): 0-based, in decimal and in hex.
public enum ByteOffset {
    /// `byte 500 (0x1f4)`, as an error location at that offset prints.
    public static func describe(_ offset: Int) -> String {
        ErrorLocation.byte(offset).description
    }
}
