// One seam for the step every atomic write ends with: moving a finished item from a temporary
// folder beside its destination into place. FileWrapper's atomic write and DocumentHost's save both use it.
#if !canImport(Darwin)
/// Moves a finished item into place in one step.
package enum AtomicSwap {
    /// Moves the finished item from the temporary folder to its destination in one step.
    ///
    /// An existing item is swapped with `renameat2(RENAME_EXCHANGE)` (so any reader sees the old or the
    /// new item, never a mix) and the old one deleted afterwards. Where the file system cannot swap,
    /// a file replaces a file with `rename(2)` (still atomic); a folder is moved aside and the new one
    /// moved in, a window in which the destination is briefly missing (the old item is then kept in
    /// the `.docmigrate-save-*` folder beside it until the swap completes).
    package static func moveIntoPlace(
        _ name: String, from temporary: FileDescriptor, to parent: FileDescriptor, newIsDirectory: Bool,
        canExchange: Bool = true
    ) throws {
        let unsupported: Set<Int32> = [
            SystemErrorText.notSupported, SystemErrorText.invalidArgument, SystemErrorText.operationNotSupported,
        ]
        if let existing = try parent.status(ofEntry: name) {
            do {
                guard canExchange else {
                    throw FileSystemError(
                        operation: "renameat2", path: parent.path, errorNumber: SystemErrorText.notSupported)
                }
                try temporary.exchange(name, with: name, in: parent)
                try? temporary.removeTree(named: name)
                return
            } catch let failure as FileSystemError where unsupported.contains(failure.errorNumber) {
                if !newIsDirectory && existing.kind != .directory {
                    try temporary.rename(name, to: name, in: parent)
                    return
                }
                let aside = name == "previous" ? "previous-item" : "previous"
                try parent.rename(name, to: aside, in: temporary)
                do {
                    try temporary.rename(name, to: name, in: parent)
                } catch {
                    try? temporary.rename(aside, to: name, in: parent)
                    throw error
                }
                try? temporary.removeTree(named: aside)
            }
        } else {
            do {
                try temporary.renameWithoutReplacing(name, to: name, in: parent)
            } catch let failure as FileSystemError where failure.errorNumber == SystemErrorText.exists {
                // Something appeared at the destination meanwhile: replace it as above.
                try moveIntoPlace(
                    name, from: temporary, to: parent, newIsDirectory: newIsDirectory, canExchange: canExchange)
            } catch let failure as FileSystemError where unsupported.contains(failure.errorNumber) {
                try temporary.rename(name, to: name, in: parent)
            }
        }
    }
}
#endif
