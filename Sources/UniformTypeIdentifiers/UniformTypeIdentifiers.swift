// Linux has no UniformTypeIdentifiers framework. This module takes its name so that sources written
// for Apple systems (`import UniformTypeIdentifiers`) compile unchanged, and re-exports exactly the
// names Apple's module has that DocumentPlatform implements. On Apple systems the target is not even
// declared (see Package.swift); the `#if` keeps the file inert should it ever be built there.
#if os(Linux)
@_exported import struct DocumentPlatform.UTType
@_exported import struct DocumentPlatform.UTTagClass
#endif
