// A document type written for SwiftUI compiles against docmigrate with `import SwiftUI` replaced by
// `import DocumentModels`: this module re-exports what such a file relies on besides SwiftUI itself.
@_exported import DocumentPlatform
@_exported import Foundation
@_exported import Observation
