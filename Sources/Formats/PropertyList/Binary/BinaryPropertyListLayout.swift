import DocumentCodecs

/// How a binary property list was laid out when it was read, so that an unchanged value is written back byte for byte.
///
/// Apple's writer is not the only one: Foundation on Linux writes equal strings and data again
/// instead of sharing them and orders dictionaries by hash, other tools pick wider integers or
/// references, and nothing forbids gaps between objects. A save that did not change the value must
/// not rewrite any of that (a file's digest may be signed or synced). The record therefore keeps the
/// source bytes themselves, the one description of a layout that is exact for every file, together
/// with the value they decode to; the layout facts below are derived from them for inspection.
/// When the value changes, the file is written fresh in Apple's layout.
public struct BinaryPropertyListLayout: Sendable, Hashable {
    /// The bytes the document was read from.
    public let source: Data
    /// The value those bytes decode to.
    public let value: PropertyListValue
    /// The number of objects in the object table.
    public let objectCount: Int
    /// The width of an object reference, in bytes.
    public let objectReferenceSize: Int
    /// The width of an entry of the offset table, in bytes.
    public let offsetSize: Int
    /// The index of the top object.
    public let topObject: Int
    /// How many references named an object that another reference had named already (shared objects).
    public let sharedReferenceCount: Int

    /// Whether `candidate` is exactly the value these bytes hold: strings by Unicode scalars, numbers
    /// and dates by bit pattern, dictionaries in key order; canonically equivalent strings differ here.
    public func isLayout(of candidate: PropertyListValue) -> Bool {
        Self.identical(value, candidate)
    }

    static func identical(_ left: PropertyListValue, _ right: PropertyListValue) -> Bool {
        var pending: [(PropertyListValue, PropertyListValue)] = [(left, right)]
        while let (one, other) = pending.popLast() {
            switch (one, other) {
            case (.dictionary(let leftEntries), .dictionary(let rightEntries)):
                guard leftEntries.count == rightEntries.count else { return false }
                for (leftEntry, rightEntry) in zip(leftEntries, rightEntries) {
                    guard leftEntry.key.utf8.elementsEqual(rightEntry.key.utf8) else { return false }
                    pending.append((leftEntry.value, rightEntry.value))
                }
            case (.array(let leftElements), .array(let rightElements)):
                guard leftElements.count == rightElements.count else { return false }
                pending.append(contentsOf: zip(leftElements, rightElements))
            case (.string(let leftText), .string(let rightText)):
                guard leftText.utf8.elementsEqual(rightText.utf8) else { return false }
            default:
                guard one == other else { return false }
            }
        }
        return true
    }
}
