#if !canImport(Darwin)
import Foundation
import SystemSeam

// An atomic save of a package over its own original that changes one regular file writes that file
// alone: it is written and flushed in a temporary folder beside the package, then renamed over the
// old member. A rename replaces one directory entry atomically, and with only one member differing
// between the old package and the new one, a reader or a crash at any instant finds one of the two
// whole packages, as after the swap of a rebuilt package. With a second changed member the same
// renames would expose a mix between them, so any other save takes the whole-package path.
extension FileWrapper {
    /// The one regular-file member that an in-place save writes, and the open folder on disk that holds it.
    struct ChangedMember {
        let wrapper: FileWrapper
        let folder: FileDescriptor
        let name: String
        /// The modification date of the folder's wrapper, which a rewrite would give the folder.
        let folderDate: Date?
    }

    /// What the comparison of a wrapper tree with the package on disk found so far.
    final class MemberReplacementSurvey {
        /// The member that must be written; a second one ends the survey.
        var changed: ChangedMember?
        /// The wrappers the whole-package path would have written with an original at hand.
        var writtenWithOriginal: [FileWrapper] = []
    }

    /// Writes the one changed member of this package over its original in place, when the package on
    /// disk at `name` in `parent` is `originalFolder` and differs from this tree in that member alone.
    ///
    /// Returns the wrappers written with an original at hand (whose "attributes changed" flags a
    /// successful write clears), or nil when the save must take the whole-package path: two or more
    /// changed members, members added, removed or renamed, a symbolic link anywhere in the tree, a
    /// folder whose permissions or modification date on disk are not what a rewrite would give it, the
    /// destination not being the original, or any failure before the rename (the whole-package path
    /// then meets it again and reports it as it always has). Nothing on disk has changed when it
    /// returns nil, apart from the temporary folder beside the package, which is gone again.
    func replaceTheOneChangedMember(
        named name: String, in parent: FileDescriptor, originalFolder: FileDescriptor
    ) -> [FileWrapper]? {
        guard let destination = try? parent.openDirectory(named: name),
            let destinationStatus = try? destination.status(), let originalStatus = try? originalFolder.status(),
            destinationStatus.device == originalStatus.device, destinationStatus.inode == originalStatus.inode
        else { return nil }
        let survey = MemberReplacementSurvey()
        survey.writtenWithOriginal.append(self)
        guard surveyFolder(destination, status: destinationStatus, survey: survey), let changed = survey.changed,
            let data = changed.wrapper.regularFileContents
        else { return nil }

        // Held until the end of this scope: its lock tells other saves that this folder is in use.
        guard let saveFolder = try? SaveFolder(in: parent) else { return nil }
        defer { try? parent.removeTree(named: saveFolder.name) }
        do {
            let file = try saveFolder.descriptor.createFile(named: changed.name, permissions: 0o600)
            try file.writeAll(data)
            try changed.wrapper.applyAttributes(to: file, defaultPermissions: 0o666)
            try file.synchronize()
            try saveFolder.descriptor.rename(changed.name, to: changed.name, in: changed.folder)
        } catch {
            return nil
        }
        // The rename gave the folder the time of the save; a rewrite would have given it the wrapper's date.
        // It is metadata, not contents: a crash before this line leaves the new package with the save's time.
        if let date = changed.folderDate { try? changed.folder.setModificationDate(date) }
        // As after the swap of a whole package: the rename is made durable, and a failure to flush it is not
        // a failed save (the new member is in place).
        try? changed.folder.synchronize()
        return survey.writtenWithOriginal
    }

    /// Compares this directory wrapper with the open folder that stands for it; false when only a
    /// rewrite can give the folder what the whole-package path would, or a second changed member is found.
    private func surveyFolder(_ folder: FileDescriptor, status: FileStatus, survey: MemberReplacementSurvey) -> Bool {
        // An unloaded folder is loaded here as the whole-package path would load it; a failed load is
        // reported by that path.
        guard let children = loadedChildren(), status.kind == .directory,
            status.permissions == permissions(default: 0o777) & ~FileCreationMask.current
        else { return false }
        if let date = modificationDate, !(abs(Double(status.modificationSeconds) - date.timeIntervalSince1970) < 1) {
            return false
        }

        // The same names on disk as in the tree: nothing to add or remove, no skipped `X.tiff`, no name
        // that is not UTF-8. Every child's name is found on disk below (each is opened or its status
        // taken, or the survey fails), so with as many entries as children there is nothing else.
        guard let entryCount = try? folder.entryCount(), entryCount == children.count else { return false }

        // The regular files that may be unchanged originals, checked on disk together after this loop.
        var candidateNames: [String] = []
        var candidates: [(wrapper: FileWrapper, date: Date)] = []
        candidateNames.reserveCapacity(children.count)
        candidates.reserveCapacity(children.count)
        for (key, child) in children {
            // A child with another name on disk is renamed by this save; the whole-package path decides what it holds.
            guard let filename = child.filename, ChildKey(filename) == key else {
                if child.isRegularFile, child.filename == nil,
                    recordChanged(child, named: key.name, in: folder, folderStatus: status, survey: survey)
                {
                    continue
                }
                return false
            }
            survey.writtenWithOriginal.append(child)
            switch child.contents {
            case .symbolicLink:
                return false
            case .directory:
                guard let subfolder = try? folder.openDirectory(named: key.name),
                    let subfolderStatus = try? subfolder.status(),
                    child.surveyFolder(subfolder, status: subfolderStatus, survey: survey)
                else { return false }
            case .regular:
                // What `originalIsUnchanged(named:in:)` asks before it looks at the disk.
                if !child.attributesNeedWriting, let date = child.modificationDate {
                    candidateNames.append(key.name)
                    candidates.append((child, date))
                } else if !recordChanged(child, named: key.name, in: folder, folderStatus: status, survey: survey) {
                    return false
                }
            }
        }

        // The rest of `originalIsUnchanged(named:in:)`, with the statuses taken in one batch over the cores:
        // one `fstatat` per member is most of the time of a save that changes one member of thousands.
        let statuses = folder.statuses(ofEntries: candidateNames)
        for (index, candidate) in candidates.enumerated() {
            if let entryStatus = statuses[index], entryStatus.kind == .regular,
                abs(Double(entryStatus.modificationSeconds) - candidate.date.timeIntervalSince1970) < 1
            {
                continue
            }
            guard
                recordChanged(
                    candidate.wrapper, named: candidateNames[index], in: folder, folderStatus: status, survey: survey)
            else { return false }
        }
        return true
    }

    /// Records `child` (a child of this folder) as the member to write; false when it cannot be the one.
    private func recordChanged(
        _ child: FileWrapper, named name: String, in folder: FileDescriptor, folderStatus: FileStatus,
        survey: MemberReplacementSurvey
    ) -> Bool {
        guard survey.changed == nil, let status = try? folder.status(ofEntry: name), status.kind == .regular else {
            return false
        }
        // The folder's date is set again after the rename, which only its owner (or root) may do.
        let date = modificationDate.flatMap { $0.timeIntervalSince1970.isFinite ? $0 : nil }
        if let date,
            abs(date.timeIntervalSince1970) >= 1e15 || !ProcessIdentity.maySetTimes(ofItemOwnedBy: folderStatus.owner)
        {
            // A date the kernel refuses fails a rewrite, and reporting that is the whole-package path's job.
            return false
        }
        survey.changed = ChangedMember(wrapper: child, folder: folder, name: name, folderDate: date)
        return true
    }
}
#endif
