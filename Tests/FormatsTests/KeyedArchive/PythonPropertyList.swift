import Comparison
import Formats
import Foundation
import TestSupport

/// Python's `plistlib` as an independent reader: it parses property-list bytes and prints a tagged
/// JSON rendering (reals as `float.hex`, so exactly), which this turns into a `PropertyListValue`.
enum PythonPropertyList {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static let tagger = """
        import base64, datetime, json, plistlib, sys
        def tag(v):
            if isinstance(v, plistlib.UID): return {"uid": v.data}
            if isinstance(v, bool): return {"bool": v}
            if isinstance(v, int): return {"int": str(v)}
            if isinstance(v, float): return {"real": v.hex()}
            if isinstance(v, str): return {"string": v}
            if isinstance(v, bytes): return {"data": base64.b64encode(v).decode()}
            if isinstance(v, datetime.datetime): return {"date": ((v - datetime.datetime(2001, 1, 1)).total_seconds()).hex()}
            if isinstance(v, list): return {"array": [tag(x) for x in v]}
            if isinstance(v, dict): return {"dict": [[k, tag(x)] for k, x in v.items()]}
            raise TypeError(type(v))
        """

    /// The value `plistlib` reads from `data`.
    static func read(_ data: Data) throws -> PropertyListValue {
        let output = try PythonOracle.run(
            tagger + "\nprint(json.dumps(tag(plistlib.loads(sys.stdin.buffer.read()))))", input: data)
        return try value(JSONParser().parse(output))
    }

    /// The bytes of CPython's `TESTDATA['KEYED_ARCHIVE']` (an Apple binary archive), found in the installed Python.
    static func cpythonKeyedArchive() throws -> Data {
        let output = try PythonOracle.run(
            "import base64, test.test_plistlib as t; print(base64.b64encode(t.TESTDATA['KEYED_ARCHIVE']).decode())")
        guard let data = Data(base64Encoded: output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "Python printed no base64")
        }
        return data
    }

    /// `plistlib`'s binary (`FMT_BINARY`, keys in the given order) or XML bytes for the value `tagged` describes.
    static func write(_ value: PropertyListValue, binary: Bool) throws -> Data {
        let program = """
            import base64, datetime, json, plistlib, sys
            def untag(t):
                (k, v), = t.items()
                if k == "uid": return plistlib.UID(int(v))
                if k == "bool": return v
                if k == "int": return int(v)
                if k == "real": return float.fromhex(v)
                if k == "string": return v
                if k == "data": return base64.b64decode(v)
                if k == "date": return datetime.datetime(2001, 1, 1) + datetime.timedelta(seconds=float.fromhex(v))
                if k == "array": return [untag(x) for x in v]
                if k == "dict": return {a: untag(b) for a, b in v}
            value = untag(json.loads(sys.stdin.read()))
            sys.stdout.write(base64.b64encode(plistlib.dumps(value, fmt=plistlib.\(binary ? "FMT_BINARY" : "FMT_XML"), sort_keys=False)).decode())
            """
        let output = try PythonOracle.run(program, input: Data(tagged(value).compactText.utf8))
        guard let data = Data(base64Encoded: output) else { throw Failure(description: "Python printed no base64") }
        return data
    }

    static func tagged(_ value: PropertyListValue) -> JSONValue {
        func member(_ key: String, _ value: JSONValue) -> JSONValue { .object([JSONMember(key: key, value: value)]) }
        switch value {
        case .uid(let uid): return member("uid", .string(String(uid)))
        case .boolean(let boolean): return member("bool", .bool(boolean))
        case .integer(let integer): return member("int", .string(String(integer)))
        case .real(let real): return member("real", .string(hex(real)))
        case .string(let string): return member("string", .string(string))
        case .data(let data): return member("data", .string(data.base64EncodedString()))
        case .date(let seconds): return member("date", .string(hex(seconds)))
        case .array(let elements): return member("array", .array(elements.map(tagged)))
        case .dictionary(let entries):
            return member("dict", .array(entries.map { .array([.string($0.key), tagged($0.value)]) }))
        }
    }

    /// Python's `float.hex` spelling, which `float.fromhex` reads back exactly.
    private static func hex(_ real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real > 0 ? "inf" : "-inf" }
        if real == 0 { return real.sign == .minus ? "-0x0.0p+0" : "0x0.0p+0" }
        let sign = real.sign == .minus ? "-" : ""
        let magnitude = abs(real)
        let exponent = magnitude.exponent
        let significand = magnitude.significandBitPattern
        let isSubnormal = magnitude.isSubnormal
        return
            "\(sign)0x\(isSubnormal ? 0 : 1).\(String(significand, radix: 16).paddedForHex(13))p\(isSubnormal ? -1022 : exponent)"
    }

    static func value(_ json: JSONValue) throws -> PropertyListValue {
        guard case .object(let members) = json, members.count == 1 else {
            throw Failure(description: "not a tagged value: \(json.compactText)")
        }
        let (key, payload) = (members[0].key, members[0].value)
        switch (key, payload) {
        case ("uid", .number(let number)): return .uid(UInt32(number.text) ?? 0)
        case ("bool", .bool(let boolean)): return .boolean(boolean)
        case ("int", .string(let text)): return .integer(Int128(text) ?? 0)
        case ("real", .string(let text)): return .real(try real(text))
        case ("string", .string(let string)): return .string(string)
        case ("data", .string(let base64)): return .data(Data(base64Encoded: base64) ?? Data())
        case ("date", .string(let text)): return .date(secondsSinceReferenceDate: try real(text))
        case ("array", .array(let elements)): return .array(try elements.map(value))
        case ("dict", .array(let pairs)):
            return .dictionary(
                try pairs.map { pair in
                    guard case .array(let parts) = pair, parts.count == 2, case .string(let key) = parts[0] else {
                        throw Failure(description: "bad pair")
                    }
                    return PropertyListEntry(key: key, value: try value(parts[1]))
                })
        default: throw Failure(description: "unknown tag \(key)")
        }
    }

    private static func real(_ text: String) throws -> Double {
        switch text {
        case "nan": return .nan
        case "inf": return .infinity
        case "-inf": return -.infinity
        default:
            guard let value = Double(text) else { throw Failure(description: "not a hex real: \(text)") }
            return value
        }
    }
}

extension String {
    fileprivate func paddedForHex(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
