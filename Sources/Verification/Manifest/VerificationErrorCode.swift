/// The stable codes of `VerificationError`: a corpus the verifier could not run at all.
package enum VerificationErrorCode: String, CataloguedErrorCode {
    case corpusMissing = "corpus.missing"
    case corpusNoManifest = "corpus.no-manifest"
    case manifestCodecOptionsInvalid = "manifest.codec-options.invalid"
    case manifestCodecUnknown = "manifest.codec.unknown"
    case manifestContentTypeUnknown = "manifest.content-type.unknown"
    case manifestConversionUnknown = "manifest.conversion.unknown"
    case manifestInvalid = "manifest.invalid"
    case manifestInvalidJSON = "manifest.invalid-json"
    case manifestNotAnObject = "manifest.not-an-object"
    case manifestPathInvalid = "manifest.path.invalid"
    case manifestPathMissing = "manifest.path.missing"
    case manifestRedactInvalid = "manifest.redact.invalid"
    case manifestRouteUnknown = "manifest.route.unknown"
    case manifestUnreadable = "manifest.unreadable"
    case manifestVersionMissing = "manifest.version.missing"
    case manifestVersionUnsupported = "manifest.version.unsupported"
    case pendingItemMissing = "pending.item-missing"
    case pendingUnreadable = "pending.unreadable"
    case verifyNoCase = "verify.no-case"

    package var summary: String {
        switch self {
        case .corpusMissing:
            "There is no golden corpus folder at the path; check the path given to `verify`."
        case .corpusNoManifest:
            "Neither the folder nor any folder in it holds a `manifest.json`; add one to describe the corpus."
        case .manifestCodecOptionsInvalid:
            "A case's `codecOptions` are not options its codec takes; the message carries the codec's reason."
        case .manifestCodecUnknown:
            "The manifest names a codec that is not registered; register it or fix the name."
        case .manifestContentTypeUnknown:
            "The manifest names a content type no registered codec reads."
        case .manifestConversionUnknown:
            "A case expects a conversion the registry does not have between those codecs."
        case .manifestInvalid:
            "The manifest does not have the shape the schema describes; the key path names the wrong value."
        case .manifestInvalidJSON:
            "The manifest is not valid JSON; fix its syntax."
        case .manifestNotAnObject:
            "The manifest's top level is not a JSON object."
        case .manifestPathInvalid:
            "A path in the manifest leaves the corpus folder or is not a relative path; name a file inside "
                + "the corpus."
        case .manifestPathMissing:
            "A path in the manifest names nothing in the corpus folder; add the file or fix the path."
        case .manifestRedactInvalid:
            "A redaction rule is not valid; the message says why."
        case .manifestRouteUnknown:
            "The manifest names a route that does not exist; the message lists the routes."
        case .manifestUnreadable:
            "The manifest could not be read; check that it exists and is readable."
        case .manifestVersionMissing:
            "The manifest has no `manifestVersion`; add the version it is written for."
        case .manifestVersionUnsupported:
            "The manifest's `manifestVersion` is newer than this docmigrate understands; upgrade docmigrate."
        case .pendingItemMissing:
            "A pending result's file is gone from the pending area; run `verify` again to record it anew."
        case .pendingUnreadable:
            "An entry of the pending area could not be read; run `verify` again to record it anew."
        case .verifyNoCase:
            "No case of the corpus matches the given paths and filters; widen them or check their spelling."
        }
    }
}
