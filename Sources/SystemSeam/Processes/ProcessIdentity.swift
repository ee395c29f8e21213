// The one seam for asking whom this process acts as, for the decisions that depend on the permission
// checks the kernel will make (only an item's owner, or root, may set its modification time).
#if !canImport(Darwin)
#if canImport(Glibc)
import Glibc
#endif

/// The identity the kernel checks this process's file operations against.
package enum ProcessIdentity {
    /// The effective user id: the owner of what this process creates, and the one permission checks use.
    package static var effectiveUserID: UInt32 { geteuid() }

    /// Whether this process may set the times of an item owned by `owner` to a given value (`utimensat(2)`).
    ///
    /// Root is assumed to hold `CAP_FOWNER`; a process that dropped it would be refused and is not told here.
    package static func maySetTimes(ofItemOwnedBy owner: UInt32) -> Bool {
        let user = effectiveUserID
        return user == 0 || user == owner
    }
}
#endif
