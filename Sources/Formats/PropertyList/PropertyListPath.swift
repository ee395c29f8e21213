import DocumentCodecs

/// The place of a value inside a property list: the keys and array indexes that lead to it from the root.
///
/// Printed the way errors print key paths elsewhere, without a root name:
/// `UTExportedTypeDeclarations[0].UTTypeConformsTo`; the root itself prints as `(root)`.
public struct PropertyListPath: Sendable, Hashable, CustomStringConvertible {
    /// One step from a container to one of its values.
    public enum Component: Sendable, Hashable {
        /// The value of a dictionary's key.
        case key(String)
        /// The element of an array at a 0-based index.
        case index(Int)
    }

    /// The steps from the root, outermost first; empty for the root.
    public var components: [Component]

    /// A path of these steps from the root.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The root of the property list.
    public static let root = PropertyListPath()

    /// This path, one key deeper.
    public func appending(key: String) -> PropertyListPath {
        PropertyListPath(components + [.key(key)])
    }

    /// This path, one array index deeper.
    public func appending(index: Int) -> PropertyListPath {
        PropertyListPath(components + [.index(index)])
    }

    public var description: String {
        guard !components.isEmpty else { return "(root)" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The value this path leads to inside `value`, or nil when a step does not exist.
    public func value(in value: PropertyListValue) -> PropertyListValue? {
        var current = value
        for component in components {
            switch (component, current) {
            case (.key(let key), .dictionary(let entries)):
                guard let entry = entries.first(where: { $0.key == key }) else { return nil }
                current = entry.value
            case (.index(let index), .array(let elements)):
                guard elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
