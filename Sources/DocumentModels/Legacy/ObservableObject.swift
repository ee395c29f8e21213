// Combine's ObservableObject and @Published exist on Apple systems only. Legacy reference documents
// (`ReferenceFileDocument: ObservableObject` with `@Published` properties) must compile on Linux too,
// so this seam provides a minimal pair with Combine's names where Combine is missing.
#if canImport(Combine)
@_exported import Combine
#else
import Synchronization

/// A publisher that tells subscribers an object is about to change (Combine's `ObservableObjectPublisher`).
///
/// Only what legacy documents and the document host need: `send()` and `sink(receiveValue:)`.
public final class ObservableObjectPublisher: Sendable {
    private let subscribers = Mutex<[UInt64: @Sendable () -> Void]>([:])
    private let nextIdentifier = Atomic<UInt64>(0)

    public init() {}

    /// Tells every subscriber that the object is about to change.
    public func send() {
        let current = subscribers.withLock { Array($0.values) }
        for subscriber in current { subscriber() }
    }

    /// Calls `receiveValue` before every change until the returned token is cancelled or released.
    public func sink(receiveValue: @escaping @Sendable (()) -> Void) -> ObservableObjectSubscription {
        let identifier = nextIdentifier.add(1, ordering: .relaxed).newValue
        subscribers.withLock { $0[identifier] = { receiveValue(()) } }
        return ObservableObjectSubscription { [weak self] in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: identifier) }
        }
    }
}

/// A subscription to an `ObservableObjectPublisher`, ended by `cancel()` or when released.
public final class ObservableObjectSubscription: Sendable {
    private let cancellation: Mutex<(@Sendable () -> Void)?>

    init(_ cancel: @escaping @Sendable () -> Void) {
        cancellation = Mutex(cancel)
    }

    /// Ends the subscription.
    public func cancel() {
        let cancel = cancellation.withLock { current -> (@Sendable () -> Void)? in
            defer { current = nil }
            return current
        }
        cancel?()
    }

    deinit { cancel() }
}

/// A type of object with a publisher that emits before the object changes (Combine's `ObservableObject`).
public protocol ObservableObject: AnyObject {
    /// The type of publisher that emits before the object changes.
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    /// A publisher that emits before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

/// One publisher per object, created on first use and dropped with the object.
private enum ObjectWillChangeTable {
    // Unchecked: the weak reference is only compared by identity (===) and tested for nil, never
    // used to call the object, so holding it under the lock cannot race with the object's own state.
    struct Entry: @unchecked Sendable {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    struct ObjectReference: @unchecked Sendable {
        let object: AnyObject
    }

    static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        let reference = ObjectReference(object: object)
        return entries.withLock { entries in
            let object = reference.object
            let key = ObjectIdentifier(object)
            // An identifier can be reused by a new object once the old one is gone: check the weak reference.
            if let entry = entries[key], entry.object === object { return entry.publisher }
            if entries.count > 64 { entries = entries.filter { $0.value.object != nil } }
            let publisher = ObservableObjectPublisher()
            entries[key] = Entry(object: object, publisher: publisher)
            return publisher
        }
    }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's publisher, which `@Published` properties fire before they change.
    public var objectWillChange: ObservableObjectPublisher { ObjectWillChangeTable.publisher(for: self) }
}

/// A property that makes its enclosing `ObservableObject` publish before it changes (Combine's `@Published`).
@propertyWrapper
public struct Published<Value> {
    private var value: Value

    public init(wrappedValue: Value) { value = wrappedValue }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { preconditionFailure("@Published is only available on properties of classes") }
        set { preconditionFailure("@Published is only available on properties of classes") }
    }

    /// Reads and writes through the enclosing object, so that a write can fire its publisher first.
    public static subscript<EnclosingSelf: ObservableObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            (object.objectWillChange as? ObservableObjectPublisher)?.send()
            object[keyPath: storageKeyPath].value = newValue
        }
    }
}
#endif
