import Foundation

extension SnapshotTree {
    /// How deep ``init(reflecting:depthLimit:)`` goes by default before showing ``truncated(typeName:)``.
    public static let defaultDepthLimit = 64

    /// The tree of any value, by reflection, with the deterministic order the type promises.
    ///
    /// A value adopting ``InspectableSnapshot`` gives its own tree, at any depth. Otherwise, first the
    /// values with a meaning of their own: optionals (`null` or the wrapped value), strings, Booleans,
    /// integers and floating-point numbers of every width, `Decimal`, `Data`, `Date`, `UUID`, `URL`,
    /// `UTType`, and the Foundation classes of keyed archives (`NSString`, `NSNumber`, `NSData`, `NSDate`,
    /// `NSArray`, `NSDictionary`, `NSSet`, `NSNull`…); pointers and `ObjectIdentifier` are
    /// ``opaque(typeName:)``. Then by `Mirror`: collections, sets (sorted), dictionaries (sorted by key),
    /// tuples, enums and structs; a class appears as its stored properties, superclass ones first, and a
    /// reference back to an object on the path from the root is ``cycle(typeName:)`` (an object reached
    /// twice without a cycle is shown twice). An enum case without associated values is named by
    /// `String(describing:)`, so a type with its own `description` shows that instead of the case name.
    /// Type names are fully qualified (`Formats.Notebook.Page`), without the addresses Swift puts in the
    /// names of local and private types.
    public init(reflecting value: Any, depthLimit: Int = SnapshotTree.defaultDepthLimit) {
        var reflector = Reflector(depthLimit: depthLimit)
        self = reflector.tree(for: value, depth: 0)
    }

    /// The qualified name of `type`, with `(unknown context at $…).` segments removed.
    ///
    /// Swift names local and private types by the address of their context descriptor, which changes
    /// from run to run; the tree must not.
    public static func typeName(of type: Any.Type) -> String {
        var name = String(reflecting: type)
        let marker = "(unknown context at $"
        while let start = name.range(of: marker) {
            guard let end = name[start.upperBound...].firstIndex(of: ")") else { break }
            var upper = name.index(after: end)
            if upper < name.endIndex && name[upper] == "." { upper = name.index(after: upper) }
            name.removeSubrange(start.lowerBound..<upper)
        }
        return name
    }
}

/// The walk behind ``SnapshotTree/init(reflecting:depthLimit:)``: the depth limit and the objects on the current path.
private struct Reflector {
    let depthLimit: Int
    /// The class instances between the root and the value being reflected: meeting one again is a cycle.
    var objectsOnPath: Set<ObjectIdentifier> = []

    mutating func tree(for value: Any, depth: Int) -> SnapshotTree {
        if let inspectable = value as? any InspectableSnapshot { return inspectable.inspectionTree }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .null }
            return tree(for: wrapped, depth: depth)
        }
        let isObject = type(of: value) is AnyObject.Type
        // Class instances are checked as classes only: a bridging cast would read an NSNumber 1 as `true`.
        if !isObject, let leaf = Self.leaf(value) { return leaf }
        let typeName = SnapshotTree.typeName(of: type(of: value))
        if Self.isOpaque(typeName) { return .opaque(typeName: typeName) }
        guard depth < depthLimit else { return .truncated(typeName: typeName) }

        if isObject {
            let object = value as AnyObject
            let identifier = ObjectIdentifier(object)
            if objectsOnPath.contains(identifier) { return .cycle(typeName: typeName) }
            objectsOnPath.insert(identifier)
            defer { objectsOnPath.remove(identifier) }
            if let foundation = foundationObject(object, depth: depth) { return foundation }
            var mirrors: [Mirror] = [mirror]
            while let superclass = mirrors.last?.superclassMirror { mirrors.append(superclass) }
            return .object(
                typeName: typeName, fields: mirrors.reversed().flatMap { fields(of: $0.children, depth: depth) })
        }

        switch mirror.displayStyle {
        case .collection?:
            return .array(mirror.children.map { tree(for: $0.value, depth: depth + 1) })
        case .set?:
            return .set(sorting: mirror.children.map { tree(for: $0.value, depth: depth + 1) })
        case .dictionary?:
            let entries = mirror.children.map { child -> SnapshotTree.Entry in
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else {
                    return SnapshotTree.Entry(key: .null, value: tree(for: child.value, depth: depth + 1))
                }
                return SnapshotTree.Entry(
                    key: tree(for: pair[0].value, depth: depth + 1), value: tree(for: pair[1].value, depth: depth + 1))
            }
            return .dictionary(sorting: entries)
        case .enum?:
            guard let payload = mirror.children.first else {
                return .enumeration(typeName: typeName, caseName: String(describing: value), fields: [])
            }
            let caseName = payload.label ?? String(describing: value)
            let payloadMirror = Mirror(reflecting: payload.value)
            let payloadFields =
                payloadMirror.displayStyle == .tuple
                ? fields(of: payloadMirror.children, depth: depth)
                : [SnapshotTree.Field("0", tree(for: payload.value, depth: depth + 1))]
            return .enumeration(typeName: typeName, caseName: caseName, fields: payloadFields)
        case nil where mirror.children.isEmpty:
            // Functions, metatypes and types that reflect nothing: there is nothing but their type to show.
            return .opaque(typeName: typeName)
        default:
            return .object(typeName: typeName, fields: fields(of: mirror.children, depth: depth))
        }
    }

    private mutating func fields(of children: Mirror.Children, depth: Int) -> [SnapshotTree.Field] {
        children.enumerated().map { index, child in
            var name = child.label ?? String(index)
            // Tuples label positional elements `.0`, `.1`.
            if name.hasPrefix("."), name.dropFirst().allSatisfy(\.isNumber) { name.removeFirst() }
            return SnapshotTree.Field(name, tree(for: child.value, depth: depth + 1))
        }
    }

    /// The tree of a value type with a meaning of its own, or nil.
    private static func leaf(_ value: Any) -> SnapshotTree? {
        switch value {
        case let string as String: return .string(string)
        case let substring as Substring: return .string(String(substring))
        case let character as Character: return .string(String(character))
        case let scalar as Unicode.Scalar: return .string(String(scalar))
        case let bool as Bool: return .bool(bool)
        case let data as Data: return .data(SnapshotTree.DataSummary(data))
        case let date as Date: return .date(date)
        case let uuid as UUID: return .uuid(uuid)
        case let url as URL: return .url(url.absoluteString)
        case let decimal as Decimal: return .number(decimal.description)
        case let type as UTType: return .string(type.identifier)
        case let integer as any BinaryInteger: return .number(String(describing: integer))
        case let number as any FloatingPoint: return .number(String(describing: number))
        default: return nil
        }
    }

    /// The tree of a Foundation object as a keyed archive holds them, or nil for any other object.
    private mutating func foundationObject(_ object: AnyObject, depth: Int) -> SnapshotTree? {
        switch object {
        case is NSNull: return .null
        case let string as NSString: return .string(string as String)
        case let number as NSNumber: return .number(number.stringValue)
        case let data as NSData: return .data(SnapshotTree.DataSummary(data as Data))
        case let date as NSDate: return .date(date as Date)
        case let uuid as NSUUID: return .uuid(uuid as UUID)
        case let url as NSURL: return .url((url as URL).absoluteString)
        case let array as NSArray: return .array(array.map { tree(for: $0, depth: depth + 1) })
        case let set as NSSet: return .set(sorting: set.map { tree(for: $0, depth: depth + 1) })
        case let dictionary as NSDictionary:
            return .dictionary(
                sorting: dictionary.map { key, value in
                    SnapshotTree.Entry(key: tree(for: key, depth: depth + 1), value: tree(for: value, depth: depth + 1))
                })
        default: return nil
        }
    }

    /// Whether values of the type hold nothing but an address.
    private static func isOpaque(_ typeName: String) -> Bool {
        typeName.hasPrefix("Swift.Unsafe") || typeName.hasPrefix("Swift.AutoreleasingUnsafe")
            || typeName == "Swift.OpaquePointer" || typeName == "Swift.ObjectIdentifier"
    }
}
