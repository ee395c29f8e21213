/// The one statement of what names a single entry of a folder, shared by the file wrapper's write-time
/// name checks and the batched status lookups of a package's members.
package enum EntryName {
    /// Whether `name` names one entry of a folder: not empty, `.` or `..`, and without `/` or NUL.
    ///
    /// Checked on the UTF-8 bytes in one pass: it runs for every member of every save, and
    /// `String.contains("/")` goes through Foundation's locale-aware search, which cost more than the
    /// rest of the check; array literals to compare with were allocated on every call.
    package static func isSingle(_ name: String) -> Bool {
        var count = 0
        var onlyDots = true
        for byte in name.utf8 {
            if byte == 0x2F || byte == 0 { return false }
            if byte != 0x2E { onlyDots = false }
            count += 1
        }
        return count > 0 && !(onlyDots && count <= 2)
    }
}
