// The comparators take and return FileWrapper, UTType, AnyDocumentCodec and LocatedError values, so a
// caller that imports Comparison alone finds them.
@_exported import DocumentCodecs
// The hasher and its digests sit in the system seam beside the CPU's SHA instructions, but they are
// Comparison's public API (byte evidence carries digests, callers hash files): the two types alone are
// re-exported, not the seam.
@_exported import struct SystemSeam.SHA256
@_exported import struct SystemSeam.SHA256Digest
