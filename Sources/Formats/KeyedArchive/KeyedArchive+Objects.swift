extension KeyedArchive {
    /// The tree's objects with a class, in the pre-order that `.reference(n)` counts (index = n).
    ///
    /// Lets a reader of a tree follow references. The walk is iterative.
    public func objectsByNumber() -> [KeyedArchiveValue] {
        enum Item {
            case value(KeyedArchiveValue)
            case field(KeyedArchiveFieldValue)
        }
        var objects: [KeyedArchiveValue] = []
        var pending: [Item] = top.reversed().map { .field($0.value) }
        while let item = pending.popLast() {
            switch item {
            case .field(.object(let value)): pending.append(.value(value))
            case .field(.value): break
            case .field(.array(let elements)): pending.append(contentsOf: elements.reversed().map(Item.field))
            case .field(.dictionary(let fields)): pending.append(contentsOf: fields.reversed().map { .field($0.value) })
            case .value(let value):
                if value.archivedClass != nil { objects.append(value) }
                switch value {
                case .array(let elements, _), .set(let elements, _), .orderedSet(let elements, _):
                    pending.append(contentsOf: elements.reversed().map(Item.value))
                case .dictionary(let entries, _):
                    pending.append(contentsOf: (entries.map(\.key) + entries.map(\.value)).reversed().map(Item.value))
                case .url(let base, _, _):
                    if let base { pending.append(.value(base)) }
                case .object(_, let fields):
                    pending.append(contentsOf: fields.reversed().map { .field($0.value) })
                default:
                    break
                }
            }
        }
        return objects
    }
}
