/// The stable codes of keyed archives (`NSKeyedArchiver` property lists): the codec's `CodecError`s.
package enum KeyedArchiveErrorCode: String, CataloguedErrorCode {
    case badArchiver = "keyed-archive.bad-archiver"
    case badClassReference = "keyed-archive.bad-class-reference"
    case badVersion = "keyed-archive.bad-version"
    case cycle = "keyed-archive.cycle"
    case danglingReference = "keyed-archive.dangling-reference"
    case danglingUID = "keyed-archive.dangling-uid"
    case integerOutOfRange = "keyed-archive.integer-out-of-range"
    case malformedObject = "keyed-archive.malformed-object"
    case malformedTop = "keyed-archive.malformed-top"
    case missingObjects = "keyed-archive.missing-objects"
    case missingTop = "keyed-archive.missing-top"
    case notAFile = "keyed-archive.not-a-file"
    case notAnArchive = "keyed-archive.not-an-archive"
    case notNullAtZero = "keyed-archive.not-null-at-zero"
    case tooDeep = "keyed-archive.too-deep"
    case tooManyObjects = "keyed-archive.too-many-objects"
    case unexpectedKey = "keyed-archive.unexpected-key"
    case unreachableObject = "keyed-archive.unreachable-object"
    case unreadable = "keyed-archive.unreadable"
    case unwritableFormat = "keyed-archive.unwritable-format"

    package var summary: String {
        switch self {
        case .badArchiver:
            "`$archiver` is missing or is not `NSKeyedArchiver`, so this is not a keyed archive."
        case .badClassReference:
            "`$class` does not refer to a valid class dictionary (`$classname`, `$classes`, `$classhints`)."
        case .badVersion:
            "`$version` is missing or is not 100000, the only version NSKeyedArchiver writes."
        case .cycle:
            "An object contains itself, and a Foundation value cannot be rebuilt around a cycle."
        case .danglingReference:
            "A reference names no object met before it, so the tree cannot be archived."
        case .danglingUID:
            "A UID points past the end of `$objects` (or a class UID names `$null`); the archive is damaged."
        case .integerOutOfRange:
            "An archived integer does not fit a property list (−2^63 through 2^64 − 1)."
        case .malformedObject:
            "An entry of `$objects` is not a value or a dictionary with `$class`, or does not match its "
                + "layout."
        case .malformedTop:
            "`$top` is not a dictionary of named roots."
        case .missingObjects:
            "The archive has no `$objects` array."
        case .missingTop:
            "The archive has no `$top` dictionary naming its root objects."
        case .notAFile:
            "A keyed archive must be a single file, but the item is a folder."
        case .notAnArchive:
            "The property list's top level is not a dictionary, so it is not a keyed archive."
        case .notNullAtZero:
            "`$objects[0]` is not the string `$null`, which UID 0 stands for."
        case .tooDeep:
            "Objects nest deeper than the reader's or writer's limit."
        case .tooManyObjects:
            "The tree would need more than 2^32 objects, the most an archive holds."
        case .unexpectedKey:
            "The archive's top level holds a key other than `$archiver`, `$version`, `$top` and `$objects`."
        case .unreachableObject:
            "An object nothing refers to would be lost by a tree of the archive; the archive is damaged."
        case .unreadable:
            "The file's contents could not be read; check that it exists and is readable."
        case .unwritableFormat:
            "The archive's property list is in the OpenStep form, which cannot be written; choose binary or "
                + "XML."
        }
    }
}

extension CodecError.Code {
    /// A code of the KeyedArchive format.
    package static func keyedArchive(_ code: KeyedArchiveErrorCode) -> Self { Self(code) }
}
