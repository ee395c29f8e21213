// On Apple systems the SDK's UTType is the real one: a second definition would make every user's
// `UTType` ambiguous, so DocumentPlatform re-exports the system's own and compiles none of ours.
// `canImport(Darwin)` is part of the condition because on Linux our own `UniformTypeIdentifiers`
// shim module is importable too, and importing it from here would be circular.
#if canImport(UniformTypeIdentifiers) && canImport(Darwin)
@_exported import UniformTypeIdentifiers
#endif
