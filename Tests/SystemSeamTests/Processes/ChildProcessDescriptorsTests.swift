import Foundation
import Testing

@testable import SystemSeam

@Suite struct ChildProcessDescriptorsTests {
    // Foundation's sequential `Process.run()` already closes other descriptors in the child, so this
    // checks what the seam promises (marked pipes stay out, a marked input still arrives), not the
    // concurrent start that leaked a worker's pipes into another under load, which does not reproduce
    // on demand.

    /// The descriptors a child started with `Process` has open, as `/proc/self/fd` lists them in the child.
    static func childDescriptors(input: Pipe? = nil) throws -> (Set<Int32>, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "read line; echo \"$line\"; ls /proc/$$/fd"]
        let output = Pipe()
        let stdin = input ?? Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        try process.run()
        stdin.fileHandleForWriting.write(Data("hello\n".utf8))
        try stdin.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.split(separator: "\n")
        return (Set(lines.dropFirst().compactMap { Int32($0) }), lines.first.map(String.init) ?? "")
    }

    @Test func aMarkedPipeIsNotInheritedAndAChildStillGetsItsOwnMarkedInput() throws {
        let other = Pipe()
        let otherDescriptors = [other.fileHandleForReading.fileDescriptor, other.fileHandleForWriting.fileDescriptor]
        for descriptor in otherDescriptors { ChildProcessDescriptors.closeOnExec(descriptor) }
        let ownInput = Pipe()
        ChildProcessDescriptors.closeOnExec(ownInput.fileHandleForReading.fileDescriptor)
        ChildProcessDescriptors.closeOnExec(ownInput.fileHandleForWriting.fileDescriptor)
        let (marked, echoed) = try ChildProcessDescriptors.startingAlone { try Self.childDescriptors(input: ownInput) }
        #expect(otherDescriptors.allSatisfy { !marked.contains($0) })
        // Its own input, marked too, still arrived on descriptor 0.
        #expect(echoed == "hello")
    }
}
