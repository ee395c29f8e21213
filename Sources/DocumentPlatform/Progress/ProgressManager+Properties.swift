// See the seam comment in ProgressManager.swift.
#if !compiler(>=6.4)
import Foundation
import Observation
import Synchronization

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ProgressManager {
    /// Gets or sets this manager's value of a property whose value is `Int` and summary `Int` (integer).
    public subscript<P: Property>(dynamicMember key: KeyPath<Properties, P.Type>) -> Int
    where P.Value == Int, P.Summary == Int {
        get { propertyValue(P.self) }
        set { setPropertyValue(newValue, for: P.self) }
    }

    /// Gets or sets this manager's value of a property whose value is `UInt64` and summary `UInt64` (unsigned integer).
    public subscript<P: Property>(dynamicMember key: KeyPath<Properties, P.Type>) -> UInt64
    where P.Value == UInt64, P.Summary == UInt64 {
        get { propertyValue(P.self) }
        set { setPropertyValue(newValue, for: P.self) }
    }

    /// Gets or sets this manager's value of a property whose value is `Double` and summary `Double` (floating-point).
    public subscript<P: Property>(dynamicMember key: KeyPath<Properties, P.Type>) -> Double
    where P.Value == Double, P.Summary == Double {
        get { propertyValue(P.self) }
        set { setPropertyValue(newValue, for: P.self) }
    }

    /// Gets or sets this manager's value of a property whose value is `String?` and summary `[String?]` (string).
    public subscript<P: Property>(dynamicMember key: KeyPath<Properties, P.Type>) -> String?
    where P.Value == String?, P.Summary == [String?] {
        get { propertyValue(P.self) }
        set { setPropertyValue(newValue, for: P.self) }
    }

    /// Gets or sets this manager's value of a property whose value is `URL?` and summary `[URL?]` (URL).
    public subscript<P: Property>(dynamicMember key: KeyPath<Properties, P.Type>) -> URL?
    where P.Value == URL?, P.Summary == [URL?] {
        get { propertyValue(P.self) }
        set { setPropertyValue(newValue, for: P.self) }
    }

    /// Gets or sets this manager's value of a property whose value is `UInt64` and summary `[UInt64]` (unsigned integer
    /// list).
    public subscript<P: Property>(dynamicMember key: KeyPath<Properties, P.Type>) -> UInt64
    where P.Value == UInt64, P.Summary == [UInt64] {
        get { propertyValue(P.self) }
        set { setPropertyValue(newValue, for: P.self) }
    }

    /// Gets or sets this manager's value of a property whose value is `Duration` and summary `Duration` (duration).
    public subscript<P: Property>(dynamicMember key: KeyPath<Properties, P.Type>) -> Duration
    where P.Value == Duration, P.Summary == Duration {
        get { propertyValue(P.self) }
        set { setPropertyValue(newValue, for: P.self) }
    }

    /// Summarizes a property whose value is `Int` and summary `Int` over this manager's subtree.
    public func summary<P: Property>(of property: KeyPath<Properties, P.Type>) -> Int
    where P.Value == Int, P.Summary == Int {
        subtreeSummary(P.self)
    }

    /// Summarizes a property whose value is `UInt64` and summary `UInt64` over this manager's subtree.
    public func summary<P: Property>(of property: KeyPath<Properties, P.Type>) -> UInt64
    where P.Value == UInt64, P.Summary == UInt64 {
        subtreeSummary(P.self)
    }

    /// Summarizes a property whose value is `Double` and summary `Double` over this manager's subtree.
    public func summary<P: Property>(of property: KeyPath<Properties, P.Type>) -> Double
    where P.Value == Double, P.Summary == Double {
        subtreeSummary(P.self)
    }

    /// Summarizes a property whose value is `String?` and summary `[String?]` over this manager's subtree.
    public func summary<P: Property>(of property: KeyPath<Properties, P.Type>) -> [String?]
    where P.Value == String?, P.Summary == [String?] {
        subtreeSummary(P.self)
    }

    /// Summarizes a property whose value is `URL?` and summary `[URL?]` over this manager's subtree.
    public func summary<P: Property>(of property: KeyPath<Properties, P.Type>) -> [URL?]
    where P.Value == URL?, P.Summary == [URL?] {
        subtreeSummary(P.self)
    }

    /// Summarizes a property whose value is `UInt64` and summary `[UInt64]` over this manager's subtree.
    public func summary<P: Property>(of property: KeyPath<Properties, P.Type>) -> [UInt64]
    where P.Value == UInt64, P.Summary == [UInt64] {
        subtreeSummary(P.self)
    }

    /// Summarizes a property whose value is `Duration` and summary `Duration` over this manager's subtree.
    public func summary<P: Property>(of property: KeyPath<Properties, P.Type>) -> Duration
    where P.Value == Duration, P.Summary == Duration {
        subtreeSummary(P.self)
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ProgressManager {
    /// One property value set on a manager, with what is needed to summarize it without its type.
    struct PropertyEntry: Sendable {
        let kind: PropertyKind
        let value: any Sendable
    }

    /// A released child's last summary of one property.
    struct StoredSummary: Sendable {
        let kind: PropertyKind
        let summary: any Sendable
    }

    /// A property type, erased so that a released manager can summarize properties it only knows by key.
    struct PropertyKind: Sendable {
        let key: String
        let finalSummary: @Sendable (ProgressManager) -> any Sendable

        init<P: Property>(_ property: P.Type) {
            key = P.key
            finalSummary = { manager in manager.finalSummary(P.self) }
        }
    }

    /// The kinds every released manager hands over, set or not, as Foundation does for its predeclared properties.
    static let predeclaredKinds: [PropertyKind] = [
        PropertyKind(Properties.TotalFileCount.self),
        PropertyKind(Properties.CompletedFileCount.self),
        PropertyKind(Properties.TotalByteCount.self),
        PropertyKind(Properties.CompletedByteCount.self),
        PropertyKind(Properties.Throughput.self),
        PropertyKind(Properties.EstimatedTimeRemaining.self),
    ]

    /// The observation key under which every additional property and summary of a manager changes.
    var additionalProperties: Void {
        registrar.access(self, keyPath: \.additionalProperties)
    }

    func propertyValue<P: Property>(_ property: P.Type) -> P.Value {
        registrar.access(self, keyPath: \.additionalProperties)
        return state.withLock { state in
            (state.values[P.key]?.value as? P.Value) ?? P.defaultValue
        }
    }

    func setPropertyValue<P: Property>(_ newValue: P.Value, for property: P.Type) {
        registrar.withMutation(of: self, keyPath: \.additionalProperties) {
            state.withLock { state in
                state.values[P.key] = PropertyEntry(kind: PropertyKind(P.self), value: newValue)
            }
        }
    }

    /// This manager's value reduced into the default summary, merged with each running child's
    /// summary and combined by `finalSummary` with each released child's last summary.
    func subtreeSummary<P: Property>(_ property: P.Type) -> P.Summary {
        registrar.access(self, keyPath: \.additionalProperties)
        let (ownValue, liveChildren, releasedSummaries) = snapshot(for: P.self)
        var summary = P.defaultSummary
        P.reduce(into: &summary, value: ownValue)
        for child in liveChildren {
            summary = P.merge(summary, child.subtreeSummary(P.self))
        }
        for released in releasedSummaries {
            summary = P.finalSummary(summary, released)
        }
        return summary
    }

    /// The summary a manager hands to its parents when it is released: its own value, with each
    /// child folded in by `finalSummary`, as swift-foundation computes it.
    ///
    /// Called from `deinit`, so it reads `self` without registering observation.
    func finalSummary<P: Property>(_ property: P.Type) -> P.Summary {
        let (ownValue, liveChildren, releasedSummaries) = snapshot(for: P.self)
        var summary = P.defaultSummary
        P.reduce(into: &summary, value: ownValue)
        for child in liveChildren {
            summary = P.finalSummary(summary, child.subtreeSummary(P.self))
        }
        for released in releasedSummaries {
            summary = P.finalSummary(summary, released)
        }
        return summary
    }

    private func snapshot<P: Property>(for property: P.Type) -> (P.Value, [ProgressManager], [P.Summary]) {
        state.withLock { state in
            let ownValue = (state.values[P.key]?.value as? P.Value) ?? P.defaultValue
            var liveChildren: [ProgressManager] = []
            var releasedSummaries: [P.Summary] = []
            for child in state.children {
                if let manager = child.manager {
                    liveChildren.append(manager)
                } else if let stored = child.finalSummaries[P.key]?.summary as? P.Summary {
                    releasedSummaries.append(stored)
                }
            }
            return (ownValue, liveChildren, releasedSummaries)
        }
    }

    /// Every property known in this subtree: the predeclared ones, those set on a manager, and
    /// those a released descendant handed over.
    func knownPropertyKinds() -> [String: PropertyKind] {
        var kinds: [String: PropertyKind] = [:]
        for kind in Self.predeclaredKinds { kinds[kind.key] = kind }
        let liveChildren: [ProgressManager] = state.withLock { state in
            for entry in state.values.values { kinds[entry.kind.key] = entry.kind }
            var liveChildren: [ProgressManager] = []
            for child in state.children {
                if let manager = child.manager { liveChildren.append(manager) }
                for stored in child.finalSummaries.values { kinds[stored.kind.key] = stored.kind }
            }
            return liveChildren
        }
        for child in liveChildren {
            kinds.merge(child.knownPropertyKinds()) { current, _ in current }
        }
        return kinds
    }

    /// The summaries this manager hands to its parents when it is released.
    func finalSummaries() -> [String: StoredSummary] {
        var summaries: [String: StoredSummary] = [:]
        for (key, kind) in knownPropertyKinds() {
            summaries[key] = StoredSummary(kind: kind, summary: kind.finalSummary(self))
        }
        return summaries
    }
}
#endif
