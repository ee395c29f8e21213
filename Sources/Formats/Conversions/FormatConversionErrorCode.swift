/// The stable codes of the Conversions format's errors.
package enum FormatConversionErrorCode: String, CataloguedErrorCode {
    case jsonToPlistBadTag = "conversion.json-to-plist.bad-tag"
    case jsonToPlistNull = "conversion.json-to-plist.null"
    case jsonToPlistNumberOutOfRange = "conversion.json-to-plist.number-out-of-range"
    case plistToJSONData = "conversion.plist-to-json.data"
    case plistToJSONDate = "conversion.plist-to-json.date"
    case plistToJSONInteger = "conversion.plist-to-json.integer"
    case plistToJSONNonFiniteReal = "conversion.plist-to-json.non-finite-real"
    case plistToJSONUID = "conversion.plist-to-json.uid"

    package var summary: String {
        switch self {
        case .jsonToPlistBadTag:
            "A tagged JSON object (such as a date or data) does not hold what its tag requires."
        case .jsonToPlistNull:
            "The JSON holds `null`, which a property list has no value for; remove it or use another value."
        case .jsonToPlistNumberOutOfRange:
            "A JSON number lies beyond the range of a property-list real or integer."
        case .plistToJSONData:
            "JSON has no data type; convert with the tagged encoding to carry data as `{\"$data\": …}`."
        case .plistToJSONDate:
            "JSON has no date type; convert with the tagged encoding to carry dates as `{\"$date\": …}`."
        case .plistToJSONInteger:
            "A property-list integer lies beyond what a JSON number can carry exactly."
        case .plistToJSONNonFiniteReal:
            "A real is NaN or infinite, which JSON has no number for; convert with the tagged encoding."
        case .plistToJSONUID:
            "JSON has no UID type; convert with the tagged encoding to carry keyed-archive UIDs."
        }
    }
}

extension CodecError.Code {
    /// A code of the Conversions format.
    package static func conversion(_ code: FormatConversionErrorCode) -> Self { Self(code) }
}
