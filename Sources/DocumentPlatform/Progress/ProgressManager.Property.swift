// See the seam comment in ProgressManager.swift.
#if !compiler(>=6.4)

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ProgressManager {
    /// A type that conveys additional task-specific information on progress, such as a file count.
    ///
    /// A property has a value on each manager and a summary over a subtree. Foundation allows
    /// these (Value, Summary) pairs, and so does this copy's API: (Int, Int), (UInt64, UInt64),
    /// (Double, Double), (String?, [String?]), (URL?, [URL?]), (UInt64, [UInt64]) and
    /// (Duration, Duration). Declare a property as a static member type of
    /// `ProgressManager.Properties` with an instance property returning its metatype.
    public protocol Property: SendableMetatype {
        /// The type of one manager's value.
        associatedtype Value: Sendable, Equatable
        /// The type of the summary over a subtree.
        associatedtype Summary: Sendable, Equatable
        /// A unique identifier in reverse-DNS style; two properties with one key are one property.
        static var key: String { get }
        /// The value of a manager on which the property was never set.
        static var defaultValue: Value { get }
        /// The summary before any value was reduced into it.
        static var defaultSummary: Summary { get }
        /// Adds one manager's value to a summary.
        static func reduce(into summary: inout Summary, value: Value)
        /// Combines the summaries of two branches of a tree.
        static func merge(_ summary1: Summary, _ summary2: Summary) -> Summary
        /// Combines a parent's summary with the last summary of a released child.
        ///
        /// Additive properties keep the child's part; an estimate such as the time remaining
        /// keeps only the parent's, since a released child has nothing left to do.
        static func finalSummary(_ parentSummary: Summary, _ selfSummary: Summary) -> Summary
    }

    /// The namespace of additional properties, reached through `@dynamicMemberLookup`.
    ///
    /// `manager.totalFileCount += 1` sets this manager's value; `manager.summary(of: \.totalFileCount)`
    /// summarizes the subtree.
    public enum Properties {
        /// The total number of files.
        public var totalFileCount: TotalFileCount.Type { TotalFileCount.self }
        /// The number of completed files.
        public var completedFileCount: CompletedFileCount.Type { CompletedFileCount.self }
        /// The total number of bytes.
        public var totalByteCount: TotalByteCount.Type { TotalByteCount.self }
        /// The number of completed bytes.
        public var completedByteCount: CompletedByteCount.Type { CompletedByteCount.self }
        /// The throughput, in bytes per second.
        public var throughput: Throughput.Type { Throughput.self }
        /// The amount of time remaining in the operation.
        public var estimatedTimeRemaining: EstimatedTimeRemaining.Type { EstimatedTimeRemaining.self }

        /// The total number of files, summed over a subtree.
        public enum TotalFileCount: Sendable, Property {
            public typealias Value = Int
            public typealias Summary = Int
            public static var key: String { "Foundation.ProgressManager.Properties.TotalFileCount" }
            public static var defaultValue: Int { 0 }
            public static var defaultSummary: Int { 0 }
            public static func reduce(into summary: inout Int, value: Int) { summary += value }
            public static func merge(_ summary1: Int, _ summary2: Int) -> Int { summary1 + summary2 }
            public static func finalSummary(_ parentSummary: Int, _ selfSummary: Int) -> Int {
                parentSummary + selfSummary
            }
        }

        /// The number of completed files, summed over a subtree.
        public enum CompletedFileCount: Sendable, Property {
            public typealias Value = Int
            public typealias Summary = Int
            public static var key: String { "Foundation.ProgressManager.Properties.CompletedFileCount" }
            public static var defaultValue: Int { 0 }
            public static var defaultSummary: Int { 0 }
            public static func reduce(into summary: inout Int, value: Int) { summary += value }
            public static func merge(_ summary1: Int, _ summary2: Int) -> Int { summary1 + summary2 }
            public static func finalSummary(_ parentSummary: Int, _ selfSummary: Int) -> Int {
                parentSummary + selfSummary
            }
        }

        /// The total number of bytes, summed over a subtree.
        public enum TotalByteCount: Sendable, Property {
            public typealias Value = UInt64
            public typealias Summary = UInt64
            public static var key: String { "Foundation.ProgressManager.Properties.TotalByteCount" }
            public static var defaultValue: UInt64 { 0 }
            public static var defaultSummary: UInt64 { 0 }
            public static func reduce(into summary: inout UInt64, value: UInt64) { summary += value }
            public static func merge(_ summary1: UInt64, _ summary2: UInt64) -> UInt64 { summary1 + summary2 }
            public static func finalSummary(_ parentSummary: UInt64, _ selfSummary: UInt64) -> UInt64 {
                parentSummary + selfSummary
            }
        }

        /// The number of completed bytes, summed over a subtree.
        public enum CompletedByteCount: Sendable, Property {
            public typealias Value = UInt64
            public typealias Summary = UInt64
            public static var key: String { "Foundation.ProgressManager.Properties.CompletedByteCount" }
            public static var defaultValue: UInt64 { 0 }
            public static var defaultSummary: UInt64 { 0 }
            public static func reduce(into summary: inout UInt64, value: UInt64) { summary += value }
            public static func merge(_ summary1: UInt64, _ summary2: UInt64) -> UInt64 { summary1 + summary2 }
            public static func finalSummary(_ parentSummary: UInt64, _ selfSummary: UInt64) -> UInt64 {
                parentSummary + selfSummary
            }
        }

        /// The throughput in bytes per second; the summary lists every manager's value.
        public enum Throughput: Sendable, Property {
            public typealias Value = UInt64
            public typealias Summary = [UInt64]
            public static var key: String { "Foundation.ProgressManager.Properties.Throughput" }
            public static var defaultValue: UInt64 { 0 }
            public static var defaultSummary: [UInt64] { [] }
            public static func reduce(into summary: inout [UInt64], value: UInt64) { summary.append(value) }
            public static func merge(_ summary1: [UInt64], _ summary2: [UInt64]) -> [UInt64] { summary1 + summary2 }
            public static func finalSummary(_ parentSummary: [UInt64], _ selfSummary: [UInt64]) -> [UInt64] {
                parentSummary + selfSummary
            }
        }

        /// The time remaining; the summary is the longest estimate of the running managers.
        public enum EstimatedTimeRemaining: Sendable, Property {
            public typealias Value = Duration
            public typealias Summary = Duration
            public static var key: String { "Foundation.ProgressManager.Properties.EstimatedTimeRemaining" }
            public static var defaultValue: Duration { .seconds(0) }
            public static var defaultSummary: Duration { .seconds(0) }
            public static func reduce(into summary: inout Duration, value: Duration) { summary = max(summary, value) }
            public static func merge(_ summary1: Duration, _ summary2: Duration) -> Duration { max(summary1, summary2) }
            public static func finalSummary(_ parentSummary: Duration, _ selfSummary: Duration) -> Duration {
                parentSummary
            }
        }
    }
}
#endif
