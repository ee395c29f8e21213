/// The stable codes of `FileWrapperError`, one per way reading or writing a file wrapper fails.
package enum FileWrapperErrorCode: String, CataloguedErrorCode {
    case nameInvalid = "filewrapper.name.invalid"
    case nameNotUTF8 = "filewrapper.name.not-utf8"
    case readChangedWhileReading = "filewrapper.read.changed-while-reading"
    case readFailed = "filewrapper.read.failed"
    case readNoSuchFile = "filewrapper.read.no-such-file"
    case readPermissionDenied = "filewrapper.read.permission-denied"
    case readSymbolicLinkRefused = "filewrapper.read.symbolic-link-refused"
    case readTooDeep = "filewrapper.read.too-deep"
    case readUnsupportedKind = "filewrapper.read.unsupported-kind"
    case urlNotFile = "filewrapper.url.not-file"
    case urlRoot = "filewrapper.url.root"
    case writeContentsUnavailable = "filewrapper.write.contents-unavailable"
    case writeExists = "filewrapper.write.exists"
    case writeFailed = "filewrapper.write.failed"
    case writeFileTooLarge = "filewrapper.write.file-too-large"
    case writeNoSuchFolder = "filewrapper.write.no-such-folder"
    case writeOutOfSpace = "filewrapper.write.out-of-space"
    case writePermissionDenied = "filewrapper.write.permission-denied"
    case writeReadOnlyVolume = "filewrapper.write.read-only-volume"
    case writeSymbolicLinkRefused = "filewrapper.write.symbolic-link-refused"

    package var summary: String {
        switch self {
        case .nameInvalid:
            "A child name is empty, `.`, `..`, or holds `/` or NUL; give the member one plain file name."
        case .nameNotUTF8:
            "A folder holds a file whose name is not UTF-8, so it cannot be a child key; rename the file."
        case .readChangedWhileReading:
            "The file changed while it was read, so the bytes may mix two versions; read it again once "
                + "nothing writes it."
        case .readFailed:
            "A system call failed while reading; the message names the call and the system's reason."
        case .readNoSuchFile:
            "Nothing exists at the path (it may have moved since it was opened); check the path."
        case .readPermissionDenied:
            "The process may not read the item; grant read permission or run as a user who has it."
        case .readSymbolicLinkRefused:
            "A symbolic link stands inside a package, and links there are never followed; replace it with the "
                + "item itself."
        case .readTooDeep:
            "Folders are nested deeper than an immediate read descends; flatten the package or read it "
                + "lazily."
        case .readUnsupportedKind:
            "The item is neither a regular file, a folder nor a symbolic link (a device or a pipe, say); "
                + "remove it."
        case .urlNotFile:
            "The URL is not a `file:` URL; only local files can be read or written."
        case .urlRoot:
            "The URL names the root folder, which cannot be a file wrapper; name a file or folder below it."
        case .writeContentsUnavailable:
            "A lazily read item's contents could not be loaded, so it cannot be written; check the source "
                + "still exists."
        case .writeExists:
            "An item already exists at the destination; write with the `.atomic` option to replace it."
        case .writeFailed:
            "A system call failed while writing; the message names the call and the system's reason."
        case .writeFileTooLarge:
            "The file would grow past the largest size the process or volume allows; raise the limit or use "
                + "another volume."
        case .writeNoSuchFolder:
            "The folder to write into does not exist; create it first."
        case .writeOutOfSpace:
            "The volume (or the user's quota) is full; free space and write again."
        case .writePermissionDenied:
            "The process may not write there; grant write permission or choose another destination."
        case .writeReadOnlyVolume:
            "The destination is on a read-only volume; write somewhere writable."
        case .writeSymbolicLinkRefused:
            "A symbolic link stands at the destination and is not followed; remove it or write elsewhere."
        }
    }
}
