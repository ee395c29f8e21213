import Formats
import Foundation

/// Test-only bridge between Foundation's property-list objects and `PropertyListValue`, so that
/// `NSKeyedArchiver` and `NSKeyedUnarchiver` on this machine serve as an independent oracle.
///
/// Archives cross as XML, where a UID is a `CF$UID` dictionary. Foundation's reader turns those into
/// its internal `_NSKeyedArchiverUID`, whose number is not public, so the bridge reads it back by
/// writing the UID alone as XML. Dictionary order is lost in `NSDictionary`; keys come out sorted.
enum FoundationPropertyListBridge {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// The archive `NSKeyedArchiver` writes for `root`, as a `PropertyListValue`.
    static func archive(_ root: Any) throws -> PropertyListValue {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.outputFormat = .xml
        archiver.encode(root, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return try value(fromPropertyListData: archiver.encodedData)
    }

    /// Parses property-list bytes with `PropertyListSerialization` and bridges the result.
    static func value(fromPropertyListData data: Data) throws -> PropertyListValue {
        try value(try PropertyListSerialization.propertyList(from: data, format: nil))
    }

    static func value(_ object: Any) throws -> PropertyListValue {
        switch object {
        case let string as String: return .string(string)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "c" { return .boolean(number.boolValue) }
            if type == "d" || type == "f" { return .real(number.doubleValue) }
            return .integer(Int128(number.int64Value))
        case let date as Date: return .date(secondsSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case let data as Data: return .data(data)
        case let array as [Any]: return .array(try array.map(value))
        case let dictionary as [String: Any]:
            return .dictionary(
                try dictionary.sorted { $0.key < $1.key }.map {
                    PropertyListEntry(key: $0.key, value: try value($0.value))
                })
        default:
            guard String(describing: type(of: object)).contains("KeyedArchiverUID") else {
                throw Failure(description: "no property-list value for \(type(of: object))")
            }
            let xml = try PropertyListSerialization.data(fromPropertyList: [object], format: .xml, options: 0)
            let text = String(decoding: xml, as: UTF8.self)
            guard let start = text.range(of: "<integer>"), let end = text.range(of: "</integer>"),
                let uid = UInt32(text[start.upperBound..<end.lowerBound])
            else {
                throw Failure(description: "could not read a UID from \(text)")
            }
            return .uid(uid)
        }
    }

    /// Foundation objects for `value`, UIDs as `CF$UID` dictionaries, ready for XML.
    static func foundationObject(_ value: PropertyListValue) -> Any {
        switch value {
        case .dictionary(let entries):
            var dictionary: [String: Any] = [:]
            for entry in entries { dictionary[entry.key] = foundationObject(entry.value) }
            return dictionary
        case .array(let elements): return elements.map(foundationObject)
        case .string(let string): return string
        case .integer(let integer): return NSNumber(value: Int64(integer))
        case .real(let real): return NSNumber(value: real)
        case .boolean(let boolean): return boolean
        case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
        case .data(let data): return data
        case .uid(let uid): return ["CF$UID": NSNumber(value: Int64(uid))]
        }
    }

    /// XML property-list bytes for `value`, written by Foundation.
    static func xmlData(_ value: PropertyListValue) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: foundationObject(value), format: .xml, options: 0)
    }

    /// `value` with every dictionary's keys sorted, for comparisons that Foundation's unordered dictionaries allow.
    static func sortingKeys(_ value: PropertyListValue) -> PropertyListValue {
        switch value {
        case .dictionary(let entries):
            .dictionary(
                entries.map { PropertyListEntry(key: $0.key, value: sortingKeys($0.value)) }.sorted { $0.key < $1.key })
        case .array(let elements): .array(elements.map(sortingKeys))
        default: value
        }
    }
}
