import Foundation
import TestSupport
import Testing

@testable import SystemSeam

/// ``FileWriteback`` reaches the kernel's `sync_file_range`: it accepts a file with dirty pages, and refuses what the
/// kernel refuses.
@Suite struct FileWritebackTests {
    @Test func theKernelAcceptsAWrittenFileAndRefusesWhatIsNotOne() throws {
        let folder = try TemporaryDirectory("writeback")
        let path = folder.appending("written")
        #expect(FileManager.default.createFile(atPath: path.path, contents: nil))
        let handle = try FileHandle(forWritingTo: path)
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(repeating: 0x61, count: 1 << 20))
        #expect(FileWriteback.start(descriptor: handle.fileDescriptor, offset: 0, count: 1 << 20))
        // A descriptor that is not open (EBADF) and a pipe (ESPIPE): a call that reached nothing would not tell these
        // apart.
        #expect(!FileWriteback.start(descriptor: -1, offset: 0, count: 1 << 20))
        let pipe = Pipe()
        #expect(!FileWriteback.start(descriptor: pipe.fileHandleForWriting.fileDescriptor, offset: 0, count: 4_096))
        // Nothing to start: an empty stretch or a negative offset is refused before the call.
        #expect(!FileWriteback.start(descriptor: handle.fileDescriptor, offset: 0, count: 0))
        #expect(!FileWriteback.start(descriptor: handle.fileDescriptor, offset: -1, count: 10))
        // The bytes are intact whatever the kernel wrote when.
        #expect(try Data(contentsOf: path) == Data(repeating: 0x61, count: 1 << 20))
    }
}
