// The portable UTType family compiles only where the system lacks it: on Apple systems
// UniformTypeIdentifiers provides UTType, and a second one would make user code ambiguous.
#if !canImport(Darwin)

extension UTType {
    /// Whether the type is `type` or descends from it through declared parents (reflexive, transitive).
    ///
    /// `.markdown` conforms to `.plainText`, `.text`, `.data` and `.item`; `.rtfd` conforms to
    /// `.package` but not to `.data`, because a package is a directory.
    public func conforms(to type: UTType) -> Bool {
        if self == type { return true }
        let snapshot = UTTypeRegistry.shared.snapshot
        let own = snapshot.record(forKey: key) ?? creationRecord
        return snapshot.ancestors(of: own).contains { $0.key == type.key }
    }

    /// Whether the type conforms to `type` and is not `type` itself.
    public func isSubtype(of type: UTType) -> Bool {
        self != type && conforms(to: type)
    }

    /// Whether `type` conforms to this type and is not this type itself.
    public func isSupertype(of type: UTType) -> Bool {
        self != type && type.conforms(to: self)
    }

    /// Every type this type conforms to, directly or through its parents, excluding itself.
    ///
    /// A parent that nobody declared is included as an undeclared type, so that conformance to it
    /// still holds; its own parents are unknown.
    public var supertypes: Set<UTType> {
        let snapshot = UTTypeRegistry.shared.snapshot
        let own = snapshot.record(forKey: key) ?? creationRecord
        return Set(snapshot.ancestors(of: own).lazy.filter { $0.key != own.key }.map(UTType.init(record:)))
    }
}

#endif
