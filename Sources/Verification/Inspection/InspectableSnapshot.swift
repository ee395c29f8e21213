/// A snapshot type that says itself how `docmigrate inspect` shows it, instead of being shown by reflection.
///
/// ``SnapshotTree/init(reflecting:depthLimit:)`` asks every value it meets, at any depth, for its
/// ``inspectionTree`` before reflecting on it. Adopt it when the stored properties are not what a reader
/// should see: a lazily decoded cache, a keyed archive's object table that should appear resolved, an
/// index kept beside the data. The tree must be deterministic, like every ``SnapshotTree``: build sets and
/// dictionaries with ``SnapshotTree/set(sorting:)`` and ``SnapshotTree/dictionary(sorting:)``.
///
/// An implementation must not call ``SnapshotTree/init(reflecting:depthLimit:)`` on `self` (that would ask
/// `self` again, without end); it may reflect on its properties.
public protocol InspectableSnapshot {
    /// The tree `inspect` shows for this value.
    var inspectionTree: SnapshotTree { get }
}
