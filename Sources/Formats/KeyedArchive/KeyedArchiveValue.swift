import DocumentCodecs

/// One object of a keyed archive, decoded into a plain tree: Foundation's value classes by kind,
/// any other class as its name, chain and fields.
///
/// Exact `NSString`, `NSNumber` and `NSData` instances are stored inline in an archive and carry no
/// class; everything else is an object with a class, which the tree keeps (`NSMutableArray` is not
/// `NSArray`), so re-encoding writes the same `$classes` chains. An object that several places refer
/// to, or that refers back to one of its ancestors, is decoded once, at its first place in pre-order;
/// later places hold `.reference(n)`, where `n` counts the objects with a class in the tree's
/// pre-order (0-based, the root object first). Shared values therefore stay shared, cycles through an
/// app's own objects (a page's `parent`) are kept, and nothing loops.
public indirect enum KeyedArchiveValue: Sendable, Hashable {
    /// UID 0: no object (`encodeObject(nil, forKey:)`), distinct from an `NSNull` instance.
    case nilReference
    /// An inline `NSString`.
    case string(String)
    /// An inline `NSNumber` holding an integer.
    case integer(Int128)
    /// An inline `NSNumber` holding a real number (compared by bit pattern, as property lists are).
    case real(Double)
    /// An inline `NSNumber` holding a boolean.
    case boolean(Bool)
    /// An inline `NSData`.
    case data(Data)
    /// A string stored as an object (`NS.string`), such as `NSMutableString` on Apple systems.
    case mutableString(String, KeyedArchiveClass)
    /// Bytes stored as an object (`NS.data`), such as `NSMutableData` on Apple systems.
    case mutableData(Data, KeyedArchiveClass)
    /// An `NSDate`, in seconds since 2001-01-01T00:00:00Z (`NS.time`), compared by bit pattern.
    case date(secondsSinceReferenceDate: Double, KeyedArchiveClass)
    /// An `NSArray` (`NS.objects`).
    case array([KeyedArchiveValue], KeyedArchiveClass)
    /// An `NSSet` (`NS.objects`), in the archive's order.
    case set([KeyedArchiveValue], KeyedArchiveClass)
    /// An `NSOrderedSet` (`NS.object.0`, `NS.object.1`, … as Foundation writes it).
    case orderedSet([KeyedArchiveValue], KeyedArchiveClass)
    /// An `NSDictionary` (`NS.keys` and `NS.objects`); keys may be any value, in the archive's order.
    case dictionary([KeyedArchiveDictionaryEntry], KeyedArchiveClass)
    /// An `NSURL`: an optional base URL (`NS.base`) and the relative string (`NS.relative`).
    case url(base: KeyedArchiveValue?, relative: String, KeyedArchiveClass)
    /// An `NSUUID` (`NS.uuidbytes`).
    case uuid(UUID, KeyedArchiveClass)
    /// An `NSNull` instance.
    case null(KeyedArchiveClass)
    /// An object of any other class (or a Foundation class laid out in another way): its fields in order.
    case object(KeyedArchiveClass, fields: [KeyedArchiveField])
    /// The object with a class that is number `n` in the tree's pre-order, decoded where it first occurs.
    case reference(Int)

    public static func == (lhs: KeyedArchiveValue, rhs: KeyedArchiveValue) -> Bool {
        switch (lhs, rhs) {
        case (.nilReference, .nilReference): true
        case (.string(let left), .string(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.real(let left), .real(let right)): left.bitPattern == right.bitPattern
        case (.boolean(let left), .boolean(let right)): left == right
        case (.data(let left), .data(let right)): left == right
        case (.mutableString(let left, let leftClass), .mutableString(let right, let rightClass)):
            left == right && leftClass == rightClass
        case (.mutableData(let left, let leftClass), .mutableData(let right, let rightClass)):
            left == right && leftClass == rightClass
        case (.date(let left, let leftClass), .date(let right, let rightClass)):
            left.bitPattern == right.bitPattern && leftClass == rightClass
        case (.array(let left, let leftClass), .array(let right, let rightClass)):
            left == right && leftClass == rightClass
        case (.set(let left, let leftClass), .set(let right, let rightClass)): left == right && leftClass == rightClass
        case (.orderedSet(let left, let leftClass), .orderedSet(let right, let rightClass)):
            left == right && leftClass == rightClass
        case (.dictionary(let left, let leftClass), .dictionary(let right, let rightClass)):
            left == right && leftClass == rightClass
        case (.url(let leftBase, let left, let leftClass), .url(let rightBase, let right, let rightClass)):
            leftBase == rightBase && left == right && leftClass == rightClass
        case (.uuid(let left, let leftClass), .uuid(let right, let rightClass)):
            left == right && leftClass == rightClass
        case (.null(let left), .null(let right)): left == right
        case (.object(let leftClass, let left), .object(let rightClass, let right)):
            leftClass == rightClass && left == right
        case (.reference(let left), .reference(let right)): left == right
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .nilReference: hasher.combine(0)
        case .string(let string):
            hasher.combine(1)
            hasher.combine(string)
        case .integer(let integer):
            hasher.combine(2)
            hasher.combine(integer)
        case .real(let real):
            hasher.combine(3)
            hasher.combine(real.bitPattern)
        case .boolean(let boolean):
            hasher.combine(4)
            hasher.combine(boolean)
        case .data(let data):
            hasher.combine(5)
            hasher.combine(data)
        case .mutableString(let string, let type):
            hasher.combine(6)
            hasher.combine(string)
            hasher.combine(type)
        case .mutableData(let data, let type):
            hasher.combine(7)
            hasher.combine(data)
            hasher.combine(type)
        case .date(let seconds, let type):
            hasher.combine(8)
            hasher.combine(seconds.bitPattern)
            hasher.combine(type)
        case .array(let elements, let type):
            hasher.combine(9)
            hasher.combine(elements)
            hasher.combine(type)
        case .set(let elements, let type):
            hasher.combine(10)
            hasher.combine(elements)
            hasher.combine(type)
        case .orderedSet(let elements, let type):
            hasher.combine(11)
            hasher.combine(elements)
            hasher.combine(type)
        case .dictionary(let entries, let type):
            hasher.combine(12)
            hasher.combine(entries)
            hasher.combine(type)
        case .url(let base, let relative, let type):
            hasher.combine(13)
            hasher.combine(base)
            hasher.combine(relative)
            hasher.combine(type)
        case .uuid(let uuid, let type):
            hasher.combine(14)
            hasher.combine(uuid)
            hasher.combine(type)
        case .null(let type):
            hasher.combine(15)
            hasher.combine(type)
        case .object(let type, let fields):
            hasher.combine(16)
            hasher.combine(type)
            hasher.combine(fields)
        case .reference(let number):
            hasher.combine(17)
            hasher.combine(number)
        }
    }

    /// The value's class, for the kinds an archive stores as objects; nil for inline values and references.
    public var archivedClass: KeyedArchiveClass? {
        switch self {
        case .nilReference, .string, .integer, .real, .boolean, .data, .reference: nil
        case .mutableString(_, let type), .mutableData(_, let type), .date(_, let type), .array(_, let type),
            .set(_, let type), .orderedSet(_, let type), .dictionary(_, let type), .url(_, _, let type),
            .uuid(_, let type), .null(let type), .object(let type, _):
            type
        }
    }
}

/// A class as a keyed archive names it: `$classname`, the `$classes` chain and optional `$classhints`.
public struct KeyedArchiveClass: Sendable, Hashable {
    /// The class's name (`$classname`), such as `NSMutableArray` or `MyApp.Page`.
    public var name: String
    /// The class and its superclasses, most derived first (`$classes`).
    public var chain: [String]
    /// Classes a reader may use instead when it lacks this one (`$classhints`), if the archive names any.
    public var hints: [String]?

    /// A class named `name` with the superclass chain `chain` (most derived first) and optional hints.
    public init(name: String, chain: [String], hints: [String]? = nil) {
        self.name = name
        self.chain = chain
        self.hints = hints
    }

    /// A class directly below `NSObject`, as Foundation writes Swift and Foundation classes.
    public init(rootClass name: String) {
        self.init(name: name, chain: [name, "NSObject"])
    }

    /// `NSArray`, as Foundation writes a Swift array.
    public static let array = KeyedArchiveClass(rootClass: "NSArray")
    /// `NSSet`.
    public static let set = KeyedArchiveClass(rootClass: "NSSet")
    /// `NSOrderedSet`.
    public static let orderedSet = KeyedArchiveClass(rootClass: "NSOrderedSet")
    /// `NSDictionary`, as Foundation writes a Swift dictionary.
    public static let dictionary = KeyedArchiveClass(rootClass: "NSDictionary")
    /// `NSDate`.
    public static let date = KeyedArchiveClass(rootClass: "NSDate")
    /// `NSURL`.
    public static let url = KeyedArchiveClass(rootClass: "NSURL")
    /// `NSUUID`.
    public static let uuid = KeyedArchiveClass(rootClass: "NSUUID")
    /// `NSNull`.
    public static let null = KeyedArchiveClass(rootClass: "NSNull")
    /// `NSMutableString`, as Apple's Foundation writes it (below `NSString`).
    public static let mutableString = KeyedArchiveClass(
        name: "NSMutableString", chain: ["NSMutableString", "NSString", "NSObject"])
    /// `NSMutableData`, as Apple's Foundation writes it (below `NSData`).
    public static let mutableData = KeyedArchiveClass(
        name: "NSMutableData", chain: ["NSMutableData", "NSData", "NSObject"])
}

/// One entry of an archived `NSDictionary`.
public struct KeyedArchiveDictionaryEntry: Sendable, Hashable {
    /// The entry's key, which may be any value (Foundation allows any `NSCopying` object).
    public var key: KeyedArchiveValue
    /// The entry's value.
    public var value: KeyedArchiveValue

    /// An entry mapping `key` to `value`.
    public init(key: KeyedArchiveValue, value: KeyedArchiveValue) {
        self.key = key
        self.value = value
    }
}

/// One field of an archived object (or one named root in `$top`): its key and what is stored there.
public struct KeyedArchiveField: Sendable, Hashable {
    /// The key the object encoded the field under.
    public var key: String
    /// The field's contents.
    public var value: KeyedArchiveFieldValue

    /// A field stored under `key`.
    public init(key: String, value: KeyedArchiveFieldValue) {
        self.key = key
        self.value = value
    }
}

/// What an object's field holds: a reference to another object, or a value stored in place.
///
/// `encodeObject(_:forKey:)` stores a UID (`.object`); `encodeInteger`, `encodeBool`, `encodeDouble` and
/// `encodeBytes` store the value itself in the object's dictionary (`.value`). The two differ in the
/// archive, so the tree keeps them apart. An inline array or dictionary that itself holds UIDs (as a
/// subclass of a collection may write) becomes `.array` or `.dictionary` of field values.
public indirect enum KeyedArchiveFieldValue: Sendable, Hashable {
    /// A UID, resolved to the object it names (`.nilReference` for UID 0).
    case object(KeyedArchiveValue)
    /// A property-list value stored in place, holding no UID.
    case value(PropertyListValue)
    /// An array stored in place that holds UIDs.
    case array([KeyedArchiveFieldValue])
    /// A dictionary stored in place that holds UIDs, in order.
    case dictionary([KeyedArchiveField])
}
