// A codec author imports DocumentCodecs alone and finds FileWrapper, UTType and the document protocols.
@_exported import DocumentModels

// The hasher and its digests sit in the system seam beside the CPU's SHA instructions, but they are public
// API here and above (a difference's byte evidence carries digests, callers hash files): the two types
// alone are re-exported, not the seam.
@_exported import struct SystemSeam.SHA256
@_exported import struct SystemSeam.SHA256Digest
