import DocumentCodecs

/// A keyed archive as a plain XML property list (no UIDs, no `$objects`), for reading and migration.
///
/// The tree follows the scheme of `KeyedArchiveRendering`, with the property list's own types where it
/// has them: data as `<data>`, dates as `{"$date": <date>, "$time": <real>}` (the `<date>` for reading,
/// truncated to the whole second because XML holds no fractions, and `$time` exact), reals as `<real>`. What a property
/// list cannot hold gets
/// an encoding: no object (UID 0) is `{"$nil": true}`, `NSNull` `{"$null": true}`, a dictionary with a
/// key that is not a string `{"$dictionary": [[key, value], …]}`, a shared object `{"$ref": n}`.
/// Written as XML; throws `keyed-archive.too-deep` for a tree nested past the cap, and
/// `keyed-archive.integer-out-of-range` for an integer a property list cannot hold (beyond −2^63…2^64−1).
public struct KeyedArchiveToPropertyList: SnapshotConversion {
    public typealias Source = KeyedArchiveCodec
    public typealias Target = PropertyListCodec

    public init() {}

    public func convert(_ snapshot: KeyedArchiveDocument) throws -> PropertyListDocument {
        PropertyListDocument(
            value: try Self.propertyList(try KeyedArchiveRendering.render(snapshot.archive)), format: .xml)
    }

    static func propertyList(_ node: KeyedArchiveRendering.Node) throws -> PropertyListValue {
        switch node {
        case .nilReference: return .dictionary([PropertyListEntry(key: "$nil", value: .boolean(true))])
        case .string(let string): return .string(string)
        case .integer(let integer):
            guard integer >= Int128(Int64.min), integer <= Int128(UInt64.max) else {
                throw CodecError(
                    code: .keyedArchive(.integerOutOfRange),
                    message: "the integer \(integer) does not fit a property list (−2^63 through 2^64 − 1)")
            }
            return .integer(integer)
        case .real(let real): return .real(real)
        case .boolean(let boolean): return .boolean(boolean)
        case .data(let data): return .data(data)
        case .date(let seconds):
            // XML dates hold whole seconds only; `$time` beside it keeps the exact value. NaN and the
            // infinities stay as they are: the XML writer refuses them with its own error code.
            return .date(secondsSinceReferenceDate: seconds.isFinite ? seconds.rounded(.down) : seconds)
        case .array(let elements): return .array(try elements.map(propertyList))
        case .object(let members):
            return .dictionary(try members.map { PropertyListEntry(key: $0.0, value: try propertyList($0.1)) })
        }
    }
}
