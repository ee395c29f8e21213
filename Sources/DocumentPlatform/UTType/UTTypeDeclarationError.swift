// The portable UTType family compiles only where the system lacks it: on Apple systems the system
// reads Info.plist declarations itself, and nothing here is compiled.
#if !canImport(Darwin)

/// A type declaration in an Info.plist that cannot be used, naming the file and the key path.
///
/// Example: `App/Info.plist: key path UTExportedTypeDeclarations[1].UTTypeConformsTo: UTTypeConformsTo
/// must be a string or an array of strings, not a number or boolean [uttype.declaration.bad-conforms-to]`.
public struct UTTypeDeclarationError: LocatedError, Hashable, Sendable {
    /// The Info.plist as the caller named it; nil for data loaded without a name.
    public var file: String?
    /// The key path of the bad value, such as `UTExportedTypeDeclarations[0].UTTypeIdentifier`.
    public var location: ErrorLocation?
    /// A stable code, such as `uttype.declaration.missing-identifier`.
    public var code: String
    /// What is wrong and why, without the file or the key path.
    public var message: String

    /// An error about the value at `keyPath`, or about the whole file when `keyPath` is nil.
    public init(file: String?, keyPath: String?, code: String, message: String) {
        self.file = file
        self.location = keyPath.map(ErrorLocation.keyPath)
        self.code = code
        self.message = message
    }

    /// An error with a catalogued code, about the value at `keyPath` or about the whole file.
    package init(file: String?, keyPath: String?, code: UTTypeDeclarationErrorCode, message: String) {
        self.init(file: file, keyPath: keyPath, code: code.rawValue, message: message)
    }
}

#endif
