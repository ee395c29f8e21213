import Dispatch
import DocumentCodecs
import DocumentPlatform
import Formats
import Foundation
import Synchronization
import SystemSeam

// Files, packages and folders: how two trees are walked, their members paired and each pair compared.
extension Comparator {
    /// The difference between two file wrappers (files or packages), or nil when the rules find none.
    public func compare(expected: FileWrapper, actual: FileWrapper) throws -> Difference? {
        if expected.isRegularFile && actual.isRegularFile {
            guard let expectedData = expected.regularFileContents, let actualData = actual.regularFileContents else {
                return Difference(
                    kind: .item, location: "",
                    summary:
                        "the contents of the \(expected.regularFileContents == nil ? "expected" : "actual") file "
                        + "could not be read",
                    cause: expected.regularFileContents == nil
                        ? Difference.Cause.packageUnreadableExpected : Difference.Cause.packageUnreadableActual)
            }
            let name =
                actual.filename ?? actual.preferredFilename ?? expected.filename ?? expected.preferredFilename ?? ""
            return try compare(expected: expectedData, actual: actualData, rule: rules.rule(for: name), name: name)
        }
        if expected.isDirectory && actual.isDirectory {
            return try comparePackages(
                expected: PackageTree(wrapper: expected, isLeafFolder: isLeafFolder),
                actual: PackageTree(wrapper: actual, isLeafFolder: isLeafFolder))
        }
        if expected.isSymbolicLink && actual.isSymbolicLink {
            let expectedDestination = expected.symbolicLinkDestinationURL?.relativePath ?? ""
            let actualDestination = actual.symbolicLinkDestinationURL?.relativePath ?? ""
            return expectedDestination == actualDestination
                ? nil : Self.linkChanged("", expectedDestination, actualDestination)
        }
        return Self.kindChanged("", expected: Self.kindName(expected), actual: Self.kindName(actual))
    }

    /// The difference between two items on disk (files or folders), or nil when the rules find none.
    ///
    /// Files are hashed by streaming before anything is loaded. Throws `ComparisonError` when a root cannot be read.
    public func compare(expectedAt expectedURL: URL, actualAt actualURL: URL) throws -> Difference? {
        let (expectedType, expectedSize) = try Self.itemType(expectedURL)
        let (actualType, actualSize) = try Self.itemType(actualURL)
        switch (expectedType, actualType) {
        case (.typeRegular, .typeRegular):
            if expectedSize == actualSize {
                do {
                    if try DirectoryWalk.ContentsComparer().contentsAreEqual(
                        atPath: expectedURL.path, andPath: actualURL.path)
                    {
                        return nil
                    }
                } catch let error as FileSystemError {
                    throw ComparisonError.unreadable(error.path, underlying: error)
                }
            }
            let name = actualURL.lastPathComponent
            return try compare(
                expected: PackageTree.Content.onDisk(path: expectedURL.path, size: expectedSize).data(),
                actual: PackageTree.Content.onDisk(path: actualURL.path, size: actualSize).data(),
                rule: rules.rule(for: name), name: name)
        case (.typeDirectory, .typeDirectory):
            let (expected, actual) = walkFolders(expectedURL.path, actualURL.path)
            return try comparePackages(expected: expected, actual: actual)
        case (.typeSymbolicLink, .typeSymbolicLink):
            let expectedDestination =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: expectedURL.path)) ?? ""
            let actualDestination = (try? FileManager.default.destinationOfSymbolicLink(atPath: actualURL.path)) ?? ""
            return expectedDestination == actualDestination
                ? nil : Self.linkChanged("", expectedDestination, actualDestination)
        default:
            return Self.kindChanged("", expected: Self.kindName(expectedType), actual: Self.kindName(actualType))
        }
    }

    /// The item's type, not following a link, and its size (meaningful for a regular file).
    private static func itemType(_ url: URL) throws -> (FileAttributeType, Int64) {
        // One lstat answers the common kinds. Foundation's attributesOfItem also looks up the owner's and
        // group's names (reading /etc/passwd and /etc/group each time), so it is kept for the rest: other
        // kinds of item, and errors, whose messages stay as they were. (The lstat seam is compiled only
        // where the portable FileWrapper is.)
        #if !canImport(Darwin)
        if let status = try? FileDescriptor.status(atPath: url.path) {
            switch status.kind {
            case .regular: return (.typeRegular, status.size)
            case .directory: return (.typeDirectory, status.size)
            case .symbolicLink: return (.typeSymbolicLink, status.size)
            case .other: break
            }
        }
        #endif
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard let type = attributes[.type] as? FileAttributeType else {
                throw ComparisonError(code: .unreadable, message: "the item's type could not be read", file: url.path)
            }
            return (type, (attributes[.size] as? NSNumber)?.int64Value ?? -1)
        } catch let error as ComparisonError {
            throw error
        } catch {
            throw ComparisonError.unreadable(url.path, underlying: error)
        }
    }

    /// Walks both folders at once (one thread each where the machine has two cores), never following links.
    ///
    /// Files are listed without their sizes: the comparison reads the files anyway, and a size costs a
    /// lookup of the file's name per file, as much as opening it (see `DirectoryWalk.SizeReading`).
    private func walkFolders(_ expectedRoot: String, _ actualRoot: String) -> (PackageTree, PackageTree) {
        let roots = [expectedRoot, actualRoot]
        let walks = Mutex<[(entries: [DirectoryWalk.Entry], unlisted: [String])]>([([], []), ([], [])])
        let walk: @Sendable (Int) -> Void = { [self] index in
            let result = DirectoryWalk(
                folderAtPath: roots[index], descendingInto: { !isLeafFolder($0) }, sizes: .skipped)
            // Each side is sorted on its own thread too: the merge that pairs them needs both in order.
            let sorted = PackageTree.sorted(result.entries)
            walks.withLock { $0[index] = (sorted, result.unlistedFolders) }
        }
        if Self.workerCount > 1 {
            DispatchQueue.concurrentPerform(iterations: 2, execute: walk)
        } else {
            walk(0)
            walk(1)
        }
        let (expectedWalk, actualWalk) = walks.withLock { ($0[0], $0[1]) }
        return (
            PackageTree(
                sortedEntries: expectedWalk.entries, unlistedFolders: expectedWalk.unlisted, root: expectedRoot),
            PackageTree(sortedEntries: actualWalk.entries, unlistedFolders: actualWalk.unlisted, root: actualRoot)
        )
    }

    private func isLeafFolder(_ path: String) -> Bool {
        switch rules.rule(for: path).kind {
        case .ignore, .redact, .semantic: true
        case .bytes, .text, .json, .csv: false
        }
    }

    // MARK: Packages

    /// A member-level difference before nesting: its path, the node, and whether its descendants nest under it.
    struct MemberFinding {
        var path: String
        var node: Difference
        var holdsDescendants: Bool
    }

    private func comparePackages(expected: PackageTree, actual: PackageTree) throws -> Difference? {
        var findings: [MemberFinding] = []
        var removedFiles: [(path: String, content: PackageTree.Content)] = []
        var addedFiles: [(path: String, content: PackageTree.Content)] = []
        let merged = Self.paired(expected, actual)
        var pairs = merged.pairs
        let paths = pairs.map(\.path)
        let rulesByPath = paths.map { rules.rule(for: $0) }
        let roots = expected.root.flatMap { expectedRoot in actual.root.map { (expectedRoot, $0) } }
        let refines = refinement(holders: merged.holders)
        let (equalities, explained) = onDiskEqualities(pairs: pairs, rules: rulesByPath, roots: roots, refines: refines)
        Self.examineUnsizedFiles(in: &pairs, rules: rulesByPath, equalities: equalities)
        let fileFindings = fileFindingsInParallel(
            pairs: pairs, rules: rulesByPath, equalities: equalities, explained: explained, refines: refines)
        for (index, pair) in pairs.enumerated() {
            let path = pair.path
            let rule = rulesByPath[index]
            if rule.kind == .ignore { continue }
            switch (pair.expected, pair.actual) {
            case (let expectedEntry?, let actualEntry?):
                let finding: MemberFinding?
                if let found = fileFindings[index] {
                    finding = try found.get()
                } else {
                    finding = try compareMember(
                        path: path, expected: expectedEntry, actual: actualEntry, rule: rule,
                        knownEquality: equalities[index],
                        // Equal files end before any refinement; asking only for the others spares a walk up each path.
                        refines: equalities[index] != true && refines(path))
                }
                if let finding { findings.append(finding) }
            case (let expectedEntry?, nil):
                if case .file(let content) = expectedEntry { removedFiles.append((path, content)) }
                findings.append(
                    MemberFinding(
                        path: path,
                        node: Difference(
                            kind: .member, location: Self.memberLocation(path),
                            summary: "\(expectedEntry.kindName) is missing from the actual side",
                            cause: Difference.Cause.packageRemoved),
                        holdsDescendants: true))
            case (nil, let actualEntry?):
                if case .file(let content) = actualEntry { addedFiles.append((path, content)) }
                findings.append(
                    MemberFinding(
                        path: path,
                        node: Difference(
                            kind: .member, location: Self.memberLocation(path),
                            summary: "\(actualEntry.kindName) is not on the expected side",
                            cause: Difference.Cause.packageAdded),
                        holdsDescendants: true))
            case (nil, nil):
                continue
            }
        }
        findings = try pairRenames(findings, removed: removedFiles, added: addedFiles)
        let members = Self.nest(findings)
        guard !members.isEmpty else { return nil }
        let count = members.count == 1 ? "1 member" : "\(members.count) members"
        return Difference(kind: .item, location: "", summary: "the packages differ in \(count)", children: members)
    }

    /// One path of either side, with what stands there on each side (nil where the side has nothing).
    private struct PairedEntry {
        var path: String
        var expected: PackageTree.Entry?
        var actual: PackageTree.Entry?
    }

    /// Every path of either tree once, in byte-wise order, paired in one merge of the two sorted sides,
    /// and the paths whose findings will hold their descendants' findings (see `nest`).
    ///
    /// Files listed without their sizes are examined (`PackageTree.Entry.examined()`) where the pair is
    /// not two files, whose bytes will say whether they are equal: a file only one side has (rename
    /// pairing asks whether it is empty), and a file the other side has something else in place of.
    /// A path holds its descendants' findings when only one side has it, or when the two sides are not
    /// two files, two folders or two links; that depends on the entries alone, so it is known before any
    /// comparison. (A path an `ignore` rule skips may be among them: it has no descendants to hold,
    /// since the walk does not go into an ignored folder.)
    private static func paired(
        _ expected: PackageTree, _ actual: PackageTree
    ) -> (pairs: [PairedEntry], holders: Set<String>) {
        let left = expected.items, right = actual.items
        var pairs: [PairedEntry] = []
        var holders: Set<String> = []
        pairs.reserveCapacity(max(left.count, right.count))
        var leftIndex = 0, rightIndex = 0
        while leftIndex < left.count || rightIndex < right.count {
            if rightIndex == right.count
                || (leftIndex < left.count && precedesBytewise(left[leftIndex].path, right[rightIndex].path))
            {
                pairs.append(
                    PairedEntry(path: left[leftIndex].path, expected: left[leftIndex].entry.examined(), actual: nil))
                holders.insert(left[leftIndex].path)
                leftIndex += 1
            } else if leftIndex == left.count || precedesBytewise(right[rightIndex].path, left[leftIndex].path) {
                pairs.append(
                    PairedEntry(path: right[rightIndex].path, expected: nil, actual: right[rightIndex].entry.examined())
                )
                holders.insert(right[rightIndex].path)
                rightIndex += 1
            } else {
                let path = left[leftIndex].path
                switch (left[leftIndex].entry, right[rightIndex].entry) {
                case (.file, .file), (.folder, .folder), (.link, .link):
                    pairs.append(
                        PairedEntry(path: path, expected: left[leftIndex].entry, actual: right[rightIndex].entry))
                default:
                    pairs.append(
                        PairedEntry(
                            path: path, expected: left[leftIndex].entry.examined(),
                            actual: right[rightIndex].entry.examined()))
                    holders.insert(path)
                }
                leftIndex += 1
                rightIndex += 1
            }
        }
        return (pairs, holders)
    }

    /// Examines the unsized files of the pairs of two files whose equality is not known: the bytes could
    /// not be read, or a `redact` rule never reads them. Their findings say why, as the walk would have.
    /// An `ignore` rule skips a path before anything is read, so its files are never examined.
    private static func examineUnsizedFiles(in pairs: inout [PairedEntry], rules: [ComparisonRule], equalities: [Bool?])
    {
        for index in pairs.indices where equalities[index] == nil && rules[index].kind != .ignore {
            guard pairs[index].expected?.isUnsizedFile == true || pairs[index].actual?.isUnsizedFile == true else {
                continue
            }
            pairs[index].expected = pairs[index].expected?.examined()
            pairs[index].actual = pairs[index].actual?.examined()
        }
    }

    /// Whether the member at a path is explained under `refinedRule`: there is one, and no folder above the
    /// path holds its descendants' findings (`nest`).
    private func refinement(holders: Set<String>) -> @Sendable (String) -> Bool {
        guard refinedRule != nil else { return { _ in false } }
        guard !holders.isEmpty else { return { _ in true } }
        return { path in
            var ancestor = Substring(path)
            while let slash = ancestor.utf8.lastIndex(of: UInt8(ascii: "/")) {
                ancestor = ancestor[..<slash]
                if holders.contains(String(ancestor)) { return false }
            }
            return true
        }
    }

    /// Whether each pair of files on disk holds the same bytes, by index in `pairs`; nil where not known;
    /// and the findings of the pairs it could explain while their bytes were in memory.
    ///
    /// Files whose sizes are known and differ, differ without being read. The others are compared in step
    /// on up to `workerCount` threads, each taking batches of paths in turn; every answer lands at its
    /// path's index, so the outcome does not depend on which thread finished first. A pair that cannot be
    /// read stays nil, and the sequential pass reports it as it always did. A pair under a rule that reads
    /// contents (`json`, `text`, `csv`, `semantic`) whose files differ and fit in one read is compared
    /// under its rule right here, from the bytes just read, as `compareFiles` would compare them after
    /// reading them again (for two folders of reformatted JSON, every pair): its outcome lands at its
    /// index in the second array, which the sequential pass takes in path order like any other.
    private func onDiskEqualities(
        pairs entries: [PairedEntry], rules: [ComparisonRule], roots: (String, String)?,
        refines: @escaping @Sendable (String) -> Bool
    ) -> (equalities: [Bool?], explained: [Result<MemberFinding?, any Error>?]) {
        var equalities = [Bool?](repeating: nil, count: entries.count)
        var explained = [Result<MemberFinding?, any Error>?](repeating: nil, count: entries.count)
        var pending: [(index: Int, expectedPath: String, actualPath: String, sizesAreKnown: Bool)] = []
        for (index, pair) in entries.enumerated() {
            switch rules[index].kind {
            case .ignore, .redact: continue
            case .bytes, .text, .json, .csv, .semantic: break
            }
            guard case .file(.onDisk(let expectedPath, let expectedSize))? = pair.expected,
                case .file(.onDisk(let actualPath, let actualSize))? = pair.actual
            else { continue }
            let sizesAreKnown =
                expectedSize != DirectoryWalk.Entry.unknownSize && actualSize != DirectoryWalk.Entry.unknownSize
            if sizesAreKnown && expectedSize != actualSize {
                equalities[index] = false
            } else {
                pending.append((index, expectedPath, actualPath, sizesAreKnown))
            }
        }
        let paths = entries.map(\.path)
        guard !pending.isEmpty else { return (equalities, explained) }
        let pairs = pending
        let batchSize = 64
        let batchCount = (pairs.count + batchSize - 1) / batchSize
        let nextBatch = Atomic<Int>(0)
        let answers = Mutex<[(index: Int, isEqual: Bool, explained: Result<MemberFinding?, any Error>?)]>([])
        let work: @Sendable (Int) -> Void = { [self] _ in
            // Paths relative to the two open roots spare the kernel the lookup of the roots' own path per file.
            let rootComparer = roots.flatMap {
                try? DirectoryWalk.ContentsComparer(leftFolder: $0.0, rightFolder: $0.1)
            }
            let comparer = rootComparer ?? DirectoryWalk.ContentsComparer()
            var found: [(index: Int, isEqual: Bool, explained: Result<MemberFinding?, any Error>?)] = []
            while true {
                let batch = nextBatch.add(1, ordering: .relaxed).oldValue
                guard batch < batchCount else { break }
                for item in pairs[(batch * batchSize)..<min(pairs.count, (batch + 1) * batchSize)] {
                    let (left, right) =
                        rootComparer != nil
                        ? (paths[item.index], paths[item.index]) : (item.expectedPath, item.actualPath)
                    let rule = rules[item.index]
                    guard Self.readsContents(rule) else {
                        let isEqual =
                            item.sizesAreKnown
                            ? try? comparer.contentsAreEqual(atPath: left, andPath: right)
                            : try? comparer.contentsOfUnknownSizesAreEqual(atPath: left, andPath: right)
                        if let isEqual { found.append((item.index, isEqual, nil)) }
                        continue
                    }
                    switch try? comparer.compareContents(
                        atPath: left, andPath: right, sizesAreKnown: item.sizesAreKnown)
                    {
                    case .equal?:
                        found.append((item.index, true, nil))
                    case .different?:
                        found.append((item.index, false, nil))
                    case .differentContents(let expectedData, let actualData)?:
                        let path = paths[item.index]
                        let refinesPath = refines(path)
                        let outcome = Result { () throws -> MemberFinding? in
                            try compareFiles(
                                path: path, expected: .loaded(expectedData), actual: .loaded(actualData), rule: rule,
                                knownEquality: false, refines: refinesPath)
                        }
                        found.append((item.index, false, outcome))
                    case nil:
                        continue
                    }
                }
            }
            answers.withLock { $0 += found }
        }
        let workers = min(Self.workerCount, batchCount)
        if workers > 1 {
            DispatchQueue.concurrentPerform(iterations: workers, execute: work)
        } else {
            work(0)
        }
        for answer in answers.withLock({ $0 }) {
            equalities[answer.index] = answer.isEqual
            explained[answer.index] = answer.explained
        }
        return (equalities, explained)
    }

    /// Whether a rule compares files by reading their contents, so that two files that differ in bytes are
    /// compared under it at once (a `bytes` rule explains them from their hashes, and perhaps under
    /// `refinedRule`, in the later pass).
    private static func readsContents(_ rule: ComparisonRule) -> Bool {
        switch rule.kind {
        case .json, .text, .csv, .semantic: true
        case .bytes, .ignore, .redact: false
        }
    }

    /// The findings of the pairs of files not known to be equal, by index in `paths`, compared on several threads.
    ///
    /// Reading and parsing the files that differ in bytes (every pair, for two folders of reformatted
    /// JSON) is the work of the comparison; each pair is independent, so threads take batches of them in
    /// turn. Each outcome, a finding or the error it threw, lands at its path's index, and the sequential
    /// pass takes them in path order, so the result and the first error thrown are those of a sequential
    /// run. The outcomes `onDiskEqualities` already found (`explained`) are kept, and those pairs are not
    /// compared again. Where there are few other pairs, or one core, the others stay nil and the
    /// sequential pass compares them itself.
    private func fileFindingsInParallel(
        pairs entries: [PairedEntry], rules: [ComparisonRule], equalities: [Bool?],
        explained: [Result<MemberFinding?, any Error>?],
        refines: @Sendable (String) -> Bool
    ) -> [Result<MemberFinding?, any Error>?] {
        var outcomes = explained
        guard Self.workerCount > 1 else { return outcomes }
        var pending: [(index: Int, expected: PackageTree.Content, actual: PackageTree.Content)] = []
        for (index, pair) in entries.enumerated() where equalities[index] != true && explained[index] == nil {
            switch rules[index].kind {
            case .ignore, .redact: continue
            case .bytes, .text, .json, .csv, .semantic: break
            }
            guard case .file(let expectedContent)? = pair.expected, case .file(let actualContent)? = pair.actual else {
                continue
            }
            pending.append((index, expectedContent, actualContent))
        }
        let paths = entries.map(\.path)
        guard pending.count >= Self.parallelComparisonMinimum else { return outcomes }
        let pairs = pending
        let batchSize = 16
        let batchCount = (pairs.count + batchSize - 1) / batchSize
        let nextBatch = Atomic<Int>(0)
        let answers = Mutex<[(index: Int, outcome: Result<MemberFinding?, any Error>)]>([])
        let work: @Sendable (Int) -> Void = { [self] _ in
            var found: [(index: Int, outcome: Result<MemberFinding?, any Error>)] = []
            while true {
                let batch = nextBatch.add(1, ordering: .relaxed).oldValue
                guard batch < batchCount else { break }
                for pair in pairs[(batch * batchSize)..<min(pairs.count, (batch + 1) * batchSize)] {
                    let outcome = Result { () throws -> MemberFinding? in
                        try compareFiles(
                            path: paths[pair.index], expected: pair.expected, actual: pair.actual,
                            rule: rules[pair.index],
                            knownEquality: equalities[pair.index], refines: refines(paths[pair.index]))
                    }
                    found.append((pair.index, outcome))
                }
            }
            answers.withLock { $0 += found }
        }
        DispatchQueue.concurrentPerform(iterations: min(Self.workerCount, batchCount), execute: work)
        for answer in answers.withLock({ $0 }) { outcomes[answer.index] = answer.outcome }
        return outcomes
    }

    /// Below this many pairs to compare, threads cost more than they save.
    private static let parallelComparisonMinimum = 32

    /// How many threads compare files at once: the machine's cores, at most four (the work is mostly
    /// waiting on the file system, and more threads would only crowd a shared machine).
    static let workerCount = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))

    /// The finding for a member both sides have, or nil when the rule finds no difference.
    ///
    /// `knownEquality` is what `onDiskEqualities` learnt: true ends the comparison, false skips the
    /// hashing, and nil (bytes in memory, or a file that could not be read) falls back to hashing.
    private func compareMember(
        path: String, expected: PackageTree.Entry, actual: PackageTree.Entry, rule: ComparisonRule,
        knownEquality: Bool?,
        refines: Bool
    ) throws -> MemberFinding? {
        let location = Self.memberLocation(path)
        switch (expected, actual) {
        case (.file(let expectedContent), .file(let actualContent)):
            return try compareFiles(
                path: path, expected: expectedContent, actual: actualContent, rule: rule, knownEquality: knownEquality,
                refines: refines)
        case (.folder(let expectedWrapper), .folder(let actualWrapper)):
            guard rule.kind == .semantic else { return nil }
            guard let left = expectedWrapper(), let right = actualWrapper() else {
                return MemberFinding(
                    path: path,
                    node: Difference(kind: .member, location: location, summary: "the folder could not be read"),
                    holdsDescendants: false)
            }
            guard let content = try semanticComparator(for: rule, name: path).compare(expected: left, actual: right)
            else { return nil }
            return MemberFinding(
                path: path,
                node: Difference(
                    kind: .member, location: location, summary: "the contents differ under the \(rule) rule",
                    children: [content]),
                holdsDescendants: false)
        case (.link(let expectedDestination), .link(let actualDestination)):
            if rule.kind == .redact || expectedDestination == actualDestination { return nil }
            return MemberFinding(
                path: path, node: Self.linkChanged(path, expectedDestination, actualDestination),
                holdsDescendants: false)
        case (.unreadable(let reason), _):
            return MemberFinding(
                path: path,
                node: Difference(
                    kind: .member, location: location, summary: "the expected member could not be read: \(reason)",
                    cause: Difference.Cause.packageUnreadableExpected),
                holdsDescendants: true)
        case (_, .unreadable(let reason)):
            return MemberFinding(
                path: path,
                node: Difference(
                    kind: .member, location: location, summary: "the actual member could not be read: \(reason)",
                    cause: Difference.Cause.packageUnreadableActual),
                holdsDescendants: true)
        default:
            return MemberFinding(
                path: path, node: Self.kindChanged(path, expected: expected.kindName, actual: actual.kindName),
                holdsDescendants: true)
        }
    }

    /// The finding for a file both sides have, or nil when the rule finds no difference (see `compareMember`).
    ///
    /// `refines` says whether a byte difference is explained under `refinedRule` instead.
    private func compareFiles(
        path: String, expected expectedContent: PackageTree.Content, actual actualContent: PackageTree.Content,
        rule: ComparisonRule,
        knownEquality: Bool?, refines: Bool
    ) throws -> MemberFinding? {
        if rule.kind == .redact { return nil }
        let expectedData: Data, actualData: Data
        var expectedDigest: SHA256Digest?, actualDigest: SHA256Digest?
        do {
            if let knownEquality {
                if knownEquality { return nil }
            } else if case .loaded(let left) = expectedContent, case .loaded(let right) = actualContent {
                if left == right { return nil }
            } else {
                let left = try expectedContent.digest(), right = try actualContent.digest()
                if left == right { return nil }
                (expectedDigest, actualDigest) = (left, right)
            }
        } catch {
            return try unreadableFinding(path: path, expected: expectedContent, actual: actualContent)
        }
        do {
            expectedData = try expectedContent.data()
            actualData = try actualContent.data()
        } catch {
            return try unreadableFinding(path: path, expected: expectedContent, actual: actualContent)
        }
        var rule = rule
        // Only bytes that differ are explained again, as only they make a byte difference to explain.
        if rule.kind == .bytes, refines, let refined = refinedRule?(path), refined.kind != .bytes,
            expectedData != actualData
        {
            rule = refined
        }
        let content: Difference?
        if rule.kind == .bytes {
            content = byteComparator.compare(
                expected: expectedData, actual: actualData, expectedDigest: expectedDigest, actualDigest: actualDigest)
        } else {
            content = try compare(expected: expectedData, actual: actualData, rule: rule, name: path)
        }
        guard let content else { return nil }
        // The location is spelt only here: most pairs compared are equal under their rule.
        return MemberFinding(
            path: path,
            node: Difference(
                kind: .member, location: Self.memberLocation(path),
                summary: "the contents differ under the \(rule) rule", children: [content]),
            holdsDescendants: false)
    }

    private func unreadableFinding(
        path: String, expected: PackageTree.Content, actual: PackageTree.Content
    ) throws -> MemberFinding {
        let expectedFails = (try? expected.digest()) == nil
        return MemberFinding(
            path: path,
            node: Difference(
                kind: .member, location: Self.memberLocation(path),
                summary: "the \(expectedFails ? "expected" : "actual") member's contents could not be read",
                cause: expectedFails
                    ? Difference.Cause.packageUnreadableExpected : Difference.Cause.packageUnreadableActual),
            holdsDescendants: false)
    }

    /// Nests the findings below a removed, added or kind-changed folder under that folder's node.
    private static func nest(_ findings: [MemberFinding]) -> [Difference] {
        let holders = Set(findings.filter(\.holdsDescendants).map(\.path))
        var childrenByParent: [String: [MemberFinding]] = [:]
        var topLevel: [MemberFinding] = []
        for finding in findings {
            var ancestor = finding.path
            var holder: String?
            while let slash = ancestor.utf8.lastIndex(of: UInt8(ascii: "/")) {
                ancestor = String(ancestor[..<slash])
                if holders.contains(ancestor) { holder = ancestor }
            }
            // The outermost holder takes the finding, so a removed folder lists everything below it.
            if let holder { childrenByParent[holder, default: []].append(finding) } else { topLevel.append(finding) }
        }
        return topLevel.sorted { precedesBytewise($0.path, $1.path) }.map { finding in
            var node = finding.node
            let below = (childrenByParent[finding.path] ?? []).sorted { precedesBytewise($0.path, $1.path) }
            node.children += below.map(\.node)
            if !below.isEmpty {
                node.summary += " (with \(below.count) member\(below.count == 1 ? "" : "s") below it)"
            }
            return node
        }
    }

    // MARK: Nodes

    static func memberLocation(_ path: String) -> String {
        path.isEmpty ? "" : "member \(path)"
    }

    private static func linkChanged(_ path: String, _ expected: String, _ actual: String) -> Difference {
        Difference(
            kind: path.isEmpty ? .item : .member, location: memberLocation(path),
            summary: "the symbolic link points elsewhere",
            cause: Difference.Cause.packageLinkChanged, expected: expected, actual: actual)
    }

    private static func kindChanged(_ path: String, expected: String, actual: String) -> Difference {
        Difference(
            kind: path.isEmpty ? .item : .member, location: memberLocation(path),
            summary: "\(expected) became \(actual)",
            cause: Difference.Cause.packageKindChanged, expected: expected, actual: actual)
    }

    private static func kindName(_ wrapper: FileWrapper) -> String {
        wrapper.isRegularFile
            ? "a file" : wrapper.isDirectory ? "a folder" : wrapper.isSymbolicLink ? "a symbolic link" : "unknown"
    }

    private static func kindName(_ type: FileAttributeType) -> String {
        switch type {
        case .typeRegular: "a file"
        case .typeDirectory: "a folder"
        case .typeSymbolicLink: "a symbolic link"
        default: "a special file"
        }
    }
}
