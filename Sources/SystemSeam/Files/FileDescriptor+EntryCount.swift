// The seam for counting a folder's entries without naming them: a save that compares a folder of
// thousands of members with its wrapper finds each member by name anyway, and needs only to know
// that nothing else is there.
#if !canImport(Darwin)
#if canImport(Glibc)
import Glibc
#endif

extension FileDescriptor {
    /// How many entries this directory holds, without `.` and `..`.
    package func entryCount() throws -> Int {
        let copy = dup(raw)
        guard copy >= 0 else { throw FileSystemError(operation: "dup", path: path, errorNumber: errno) }
        guard let stream = fdopendir(copy) else {
            let error = errno
            close(copy)
            throw FileSystemError(operation: "fdopendir", path: path, errorNumber: error)
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var count = 0
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw FileSystemError(operation: "readdir", path: path, errorNumber: errno) }
                return count
            }
            let isDotOrDotDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0))
            }
            if !isDotOrDotDot { count += 1 }
        }
    }
}
#endif
