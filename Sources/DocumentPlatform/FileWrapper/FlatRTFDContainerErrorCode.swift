/// The stable codes of `FlatRTFDContainer.DecodingError`: the ways a flat-RTFD container's bytes can be malformed.
package enum FlatRTFDContainerErrorCode: String, CataloguedErrorCode {
    case count = "flat-rtfd.count"
    case duplicateName = "flat-rtfd.duplicate-name"
    case entrySize = "flat-rtfd.entry-size"
    case entryType = "flat-rtfd.entry-type"
    case magic = "flat-rtfd.magic"
    case padding = "flat-rtfd.padding"
    case tooDeep = "flat-rtfd.too-deep"
    case topLevelType = "flat-rtfd.top-level-type"
    case trailingBytes = "flat-rtfd.trailing-bytes"
    case truncated = "flat-rtfd.truncated"
    case version = "flat-rtfd.version"

    package var summary: String {
        switch self {
        case .count:
            "A directory record claims more entries than its remaining bytes can hold; the container is "
                + "damaged."
        case .duplicateName:
            "One directory of the container names the same member twice; the container is damaged."
        case .entrySize:
            "An entry's size field disagrees with the bytes its contents take; the container is damaged."
        case .entryType:
            "An entry has a type other than data (1) or directory (3); the container is damaged or newer."
        case .magic:
            "The data does not start with the flat-RTFD signature `rtfd`, so it is not a flat RTFD container."
        case .padding:
            "The padding before an entry's data is not all zero bytes; the container is damaged."
        case .tooDeep:
            "Directories in the container are nested deeper than the reader allows, which no document needs."
        case .topLevelType:
            "The container's top-level entry is not a directory record, so it holds no package."
        case .trailingBytes:
            "Bytes follow the end of the container; the file is damaged or two files were joined."
        case .truncated:
            "The container ends inside an entry or a length points past its end; the file is cut short."
        case .version:
            "The container's version is not 0, the only one known; it was written by a newer system."
        }
    }
}
