// Every layer's errors conform to Diagnostics' LocatedError; re-exported so that a module that
// imports DocumentPlatform (or a layer above it) names them without a second import.
@_exported import Diagnostics
// Code written for Apple's APIs imports Foundation and finds FileWrapper, UTType, ProgressManager,
// NSFileCoordinator and UndoManager there; `import DocumentPlatform` gives the same set on every
// platform: Foundation's own types where it has them, the portable ones of this module elsewhere.
@_exported import Foundation
