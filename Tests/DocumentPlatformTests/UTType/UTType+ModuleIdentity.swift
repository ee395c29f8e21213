// DocumentPlatform's UTType, named from a file that imports DocumentPlatform, so that the shim test
// (which imports only UniformTypeIdentifiers) can check that both modules mean the same type.
import DocumentPlatform

/// The identity of DocumentPlatform's `UTType`.
let documentPlatformUTTypeIdentity = ObjectIdentifier(DocumentPlatform.UTType.self)

/// The identity of DocumentPlatform's `UTTagClass`.
let documentPlatformUTTagClassIdentity = ObjectIdentifier(DocumentPlatform.UTTagClass.self)
