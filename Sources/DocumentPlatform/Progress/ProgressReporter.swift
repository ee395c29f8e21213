// See the seam comment in ProgressManager.swift.
#if !compiler(>=6.4)
import Foundation
import Observation

/// A read-only view of a `ProgressManager`, for observers and for adding it to more parents.
///
/// Pass it to `ProgressManager.assign(count:to:)` to make its manager a child of another one; a
/// manager may have several parents this way. Reporters compare by identity, and each access to
/// `ProgressManager.reporter` creates a new one, as in Foundation.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@dynamicMemberLookup
public final class ProgressReporter: Sendable, Hashable, Observable, CustomStringConvertible,
    CustomDebugStringConvertible
{
    /// The protocol of additional properties, as on `ProgressManager`.
    public typealias Property = ProgressManager.Property

    let manager: ProgressManager

    init(manager: ProgressManager) {
        self.manager = manager
    }

    /// The manager's total units of work, or nil while indeterminate.
    public var totalCount: Int? { manager.totalCount }
    /// The manager's completed units of work.
    public var completedCount: Int { manager.completedCount }
    /// The manager's fraction completed, including running children.
    public var fractionCompleted: Double { manager.fractionCompleted }
    /// Whether the manager's total is nil.
    public var isIndeterminate: Bool { manager.isIndeterminate }
    /// Whether the manager's work is done.
    public var isFinished: Bool { manager.isFinished }

    /// The manager's counts and predeclared summaries, one per line.
    public var description: String {
        """
        Class Name: ProgressReporter
        Object Identifier: \(ObjectIdentifier(self))
        progressManager: \(ObjectIdentifier(manager))
        totalCount: \(String(describing: totalCount))
        completedCount: \(completedCount)
        fractionCompleted: \(fractionCompleted)
        isIndeterminate: \(isIndeterminate)
        isFinished: \(isFinished)
        """
    }

    /// The same text as `description`.
    public var debugDescription: String { description }

    /// Reads the manager's value of a property whose value is `Int` and summary `Int` (integer).
    public subscript<P: Property>(dynamicMember key: KeyPath<ProgressManager.Properties, P.Type>) -> Int
    where P.Value == Int, P.Summary == Int {
        manager[dynamicMember: key]
    }

    /// Reads the manager's value of a property whose value is `UInt64` and summary `UInt64` (unsigned integer).
    public subscript<P: Property>(dynamicMember key: KeyPath<ProgressManager.Properties, P.Type>) -> UInt64
    where P.Value == UInt64, P.Summary == UInt64 {
        manager[dynamicMember: key]
    }

    /// Reads the manager's value of a property whose value is `Double` and summary `Double` (floating-point).
    public subscript<P: Property>(dynamicMember key: KeyPath<ProgressManager.Properties, P.Type>) -> Double
    where P.Value == Double, P.Summary == Double {
        manager[dynamicMember: key]
    }

    /// Reads the manager's value of a property whose value is `String?` and summary `[String?]` (string).
    public subscript<P: Property>(dynamicMember key: KeyPath<ProgressManager.Properties, P.Type>) -> String?
    where P.Value == String?, P.Summary == [String?] {
        manager[dynamicMember: key]
    }

    /// Reads the manager's value of a property whose value is `URL?` and summary `[URL?]` (URL).
    public subscript<P: Property>(dynamicMember key: KeyPath<ProgressManager.Properties, P.Type>) -> URL?
    where P.Value == URL?, P.Summary == [URL?] {
        manager[dynamicMember: key]
    }

    /// Reads the manager's value of a property whose value is `UInt64` and summary `[UInt64]` (unsigned integer list).
    public subscript<P: Property>(dynamicMember key: KeyPath<ProgressManager.Properties, P.Type>) -> UInt64
    where P.Value == UInt64, P.Summary == [UInt64] {
        manager[dynamicMember: key]
    }

    /// Reads the manager's value of a property whose value is `Duration` and summary `Duration` (duration).
    public subscript<P: Property>(dynamicMember key: KeyPath<ProgressManager.Properties, P.Type>) -> Duration
    where P.Value == Duration, P.Summary == Duration {
        manager[dynamicMember: key]
    }

    /// Summarizes a property whose value is `Int` and summary `Int` over the manager's subtree.
    public func summary<P: Property>(of property: KeyPath<ProgressManager.Properties, P.Type>) -> Int
    where P.Value == Int, P.Summary == Int {
        manager.summary(of: property)
    }

    /// Summarizes a property whose value is `UInt64` and summary `UInt64` over the manager's subtree.
    public func summary<P: Property>(of property: KeyPath<ProgressManager.Properties, P.Type>) -> UInt64
    where P.Value == UInt64, P.Summary == UInt64 {
        manager.summary(of: property)
    }

    /// Summarizes a property whose value is `Double` and summary `Double` over the manager's subtree.
    public func summary<P: Property>(of property: KeyPath<ProgressManager.Properties, P.Type>) -> Double
    where P.Value == Double, P.Summary == Double {
        manager.summary(of: property)
    }

    /// Summarizes a property whose value is `String?` and summary `[String?]` over the manager's subtree.
    public func summary<P: Property>(of property: KeyPath<ProgressManager.Properties, P.Type>) -> [String?]
    where P.Value == String?, P.Summary == [String?] {
        manager.summary(of: property)
    }

    /// Summarizes a property whose value is `URL?` and summary `[URL?]` over the manager's subtree.
    public func summary<P: Property>(of property: KeyPath<ProgressManager.Properties, P.Type>) -> [URL?]
    where P.Value == URL?, P.Summary == [URL?] {
        manager.summary(of: property)
    }

    /// Summarizes a property whose value is `UInt64` and summary `[UInt64]` over the manager's subtree.
    public func summary<P: Property>(of property: KeyPath<ProgressManager.Properties, P.Type>) -> [UInt64]
    where P.Value == UInt64, P.Summary == [UInt64] {
        manager.summary(of: property)
    }

    /// Summarizes a property whose value is `Duration` and summary `Duration` over the manager's subtree.
    public func summary<P: Property>(of property: KeyPath<ProgressManager.Properties, P.Type>) -> Duration
    where P.Value == Duration, P.Summary == Duration {
        manager.summary(of: property)
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Reporters are equal only when they are the same object.
    public static func == (lhs: ProgressReporter, rhs: ProgressReporter) -> Bool {
        lhs === rhs
    }
}
#endif
