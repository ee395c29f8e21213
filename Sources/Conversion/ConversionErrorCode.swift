import DocumentPlatform

/// The stable codes of `ConversionError`'s own failures; an item's codec failure keeps the codec's code.
package enum ConversionErrorCode: String, CataloguedErrorCode {
    case backupExists = "convert.backup-exists"
    case backupMismatch = "convert.backup-mismatch"
    case digestEquivalentNames = "convert.digest.equivalent-names"
    case encodeLink = "convert.encode.link"
    case encodeUnreadable = "convert.encode.unreadable"
    case failed = "convert.failed"
    case filesFromUnreadable = "convert.files-from-unreadable"
    case folderUnreadable = "convert.folder-unreadable"
    case inputChanged = "convert.input-changed"
    case inputMissing = "convert.input-missing"
    case inputUnhashed = "convert.input-unhashed"
    case io = "convert.io"
    case itemTimeout = "convert.item-timeout"
    case journalPathNotUTF8 = "convert.journal-path-not-utf8"
    case journalUnwritable = "convert.journal-unwritable"
    case noOutput = "convert.no-output"
    case noRoute = "convert.no-route"
    case outputExists = "convert.output-exists"
    case outputIsInput = "convert.output-is-input"
    case outputPathNotUTF8 = "convert.output-path-not-utf8"
    case outputUnwritable = "convert.output-unwritable"
    case packageNameNotUTF8 = "convert.package-name-not-utf8"
    case reportSpillCorrupt = "convert.report-spill-corrupt"
    case reportSpillUnwritable = "convert.report-spill-unwritable"
    case skippedBackup = "convert.skipped.backup"
    case skippedICloudPlaceholder = "convert.skipped.icloud-placeholder"
    case skippedNotAFile = "convert.skipped.not-a-file"
    case skippedSymbolicLink = "convert.skipped.symbolic-link"
    case streamingDeclined = "convert.streaming.declined"
    case unknownTarget = "convert.unknown-target"
    case unsupportedType = "convert.unsupported-type"
    case verifyMismatch = "convert.verify.mismatch"
    case warning = "convert.warning"
    case workerCrashed = "convert.worker-crashed"
    case workerUnavailable = "convert.worker-unavailable"
    case workerBadAnswer = "convert.worker.bad-answer"
    case workerBadRequest = "convert.worker.bad-request"
    case workerVersionMismatch = "convert.worker.version-mismatch"
    case mergeDuplicateItem = "merge.duplicate-item"
    case mergeNotAReport = "merge.not-a-report"
    case mergeTargetMismatch = "merge.target-mismatch"
    case mergeTotalsOverflow = "merge.totals-overflow"
    case mergeUnreadable = "merge.unreadable"
    case reportUnknownFormat = "report.unknown-format"
    case reportUnsupportedVersion = "report.unsupported-version"
    case reportWrongSchema = "report.wrong-schema"

    /// Whether the item is skipped rather than failed: reports count it apart and the exit status ignores it.
    package var isSkip: Bool { rawValue.hasPrefix("convert.skipped.") }

    package var summary: String {
        switch self {
        case .backupExists:
            "A different item already has the in-place backup's name, so the original cannot be kept; move "
                + "that item away."
        case .backupMismatch:
            "The backup copy does not read back as the original, so the item was not replaced; check the "
                + "volume."
        case .digestEquivalentNames:
            "A package holds two members whose names differ only in Unicode normalisation; rename one."
        case .encodeLink:
            "The codec encoded a symbolic link, which a job never writes; fix the codec."
        case .encodeUnreadable:
            "The codec's encoded output has no contents to write; fix the codec."
        case .failed:
            "An item failed without a more specific code (the JUnit report's fallback); see the item's "
                + "message."
        case .filesFromUnreadable:
            "The `--files-from` list could not be opened or its path is not UTF-8."
        case .folderUnreadable:
            "A folder of the input could not be listed; check its permissions."
        case .inputChanged:
            "The input changed while it was converted, so the output may mix two versions; convert it again."
        case .inputMissing:
            "An input vanished before or while it was converted; check that nothing else moves the files."
        case .inputUnhashed:
            "The input was not hashed, so the job cannot prove what it converted; an internal error worth "
                + "reporting."
        case .io:
            "A system call failed during the job; the message carries the system's reason."
        case .itemTimeout:
            "An item took longer than `--item-timeout`, so its worker was stopped; raise the limit or inspect "
                + "the item."
        case .journalPathNotUTF8:
            "The journal's path is not UTF-8; choose a UTF-8 path for `--journal`."
        case .journalUnwritable:
            "The journal could not be opened for writing; check the folder's permissions and free space."
        case .noOutput:
            "A job needs exactly one of an output folder and in-place conversion; give `--output` or "
                + "`--in-place`."
        case .noRoute:
            "No registered codec or chain of conversions leads from the item's type to the target; register "
                + "one."
        case .outputExists:
            "The output already exists and is not the job's own earlier result; move it away or resume the "
                + "job."
        case .outputIsInput:
            "The output would overwrite the input itself; choose another output folder."
        case .outputPathNotUTF8:
            "The output path is not UTF-8, which a package output needs; choose a UTF-8 output folder."
        case .outputUnwritable:
            "The output folder could not be created; check the path and its permissions."
        case .packageNameNotUTF8:
            "A package's path is not UTF-8, so it cannot be read as one document; rename it."
        case .reportSpillCorrupt:
            "A record of the report's temporary file is damaged; run the job again."
        case .reportSpillUnwritable:
            "The report's temporary file could not be created or written; check free space in the output "
                + "folder."
        case .skippedBackup:
            "An in-place backup of an earlier run is not converted again (a skip, not a failure)."
        case .skippedICloudPlaceholder:
            "An iCloud placeholder is skipped: the document is not downloaded; download it and convert again."
        case .skippedNotAFile:
            "The item is neither a file nor a folder (a FIFO, socket or device) and is skipped."
        case .skippedSymbolicLink:
            "A symbolic link is not followed and is skipped; convert what it points to instead."
        case .streamingDeclined:
            "The streaming route declined the item, which is then converted whole in memory."
        case .unknownTarget:
            "The target names no registered codec or content type; the message lists the targets there are."
        case .unsupportedType:
            "No registered codec reads the item's content type; register one or leave the item out."
        case .verifyMismatch:
            "The converted output does not read back as what was converted, so it was not kept; report the "
                + "codec."
        case .warning:
            "An item converted with a warning (the JUnit report's fallback); see the item's warnings."
        case .workerCrashed:
            "The worker process ended while converting the item (a trap or a signal); the job goes on with "
                + "the rest."
        case .workerUnavailable:
            "A worker process could not be started; check the executable and the process limits."
        case .workerBadAnswer:
            "A worker's answer could not be read; the worker is stopped and the item fails."
        case .workerBadRequest:
            "A worker could not read its request; the worker is stopped and the item fails."
        case .workerVersionMismatch:
            "A worker is another build of docmigrate than the job's; install one build everywhere."
        case .mergeDuplicateItem:
            "An item is in two reports: a shard ran twice or shards overlapped; merge each shard's report "
                + "once."
        case .mergeNotAReport:
            "A file given to `merge-reports` is not a JSON conversion report."
        case .mergeTargetMismatch:
            "The reports convert to different targets, so they are not shards of one job."
        case .mergeTotalsOverflow:
            "The reports' input bytes add up to more than 2^63 − 1, which a report cannot count."
        case .mergeUnreadable:
            "A report given to `merge-reports` could not be read."
        case .reportUnknownFormat:
            "The report format is not one of those the job writes; the message names them."
        case .reportUnsupportedVersion:
            "The report's schema version is newer than this docmigrate reads; upgrade docmigrate."
        case .reportWrongSchema:
            "The JSON is a report of another schema, not a conversion report."
        }
    }
}
