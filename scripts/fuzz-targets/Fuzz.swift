// The libFuzzer entry point of every Strata fuzz target, compiled with the library's three targets by scripts/fuzz.
// Not a SwiftPM target: `swift build` never sees this folder.
//
// All targets live in one binary (one slow ASan build serves them all); STRATA_FUZZ_TARGET picks the one to run.
import Foundation

/// The targets, by the name given to `scripts/fuzz`.
let fuzzTargets: [String: @Sendable ([UInt8]) -> Void] = [
    "json": fuzzJSON,
    "xml": fuzzXML,
    "plist-xml": fuzzPropertyListXML,
    "plist-binary": fuzzPropertyListBinary,
    "form": fuzzForm,
    "yaml": fuzzYAML,
    "registry": fuzzRegistry,
    "session": fuzzSession,
    "fixtures": fuzzFixtures,
    "mapping-config": fuzzMappingConfiguration,
    "mapper": fuzzMapper,
    "serve": fuzzServe,
    "query": fuzzQuery,
]

/// The target named by STRATA_FUZZ_TARGET, looked up once.
let selectedTarget: @Sendable ([UInt8]) -> Void = {
    let name = ProcessInfo.processInfo.environment["STRATA_FUZZ_TARGET"] ?? ""
    guard let target = fuzzTargets[name] else {
        let known = fuzzTargets.keys.sorted().joined(separator: " ")
        FileHandle.standardError.write(Data("STRATA_FUZZ_TARGET='\(name)' is not one of: \(known)\n".utf8))
        exit(2)
    }
    return target
}()

// LeakSanitizer's switches (no arguments, no result, so the Swift and C conventions agree).
@_silgen_name("__lsan_disable") func lsanDisable()
@_silgen_name("__lsan_enable") func lsanEnable()

/// Builds the target's fixed inputs (sessions, sample documents) before fuzzing starts, with leak checking off.
/// LeakSanitizer cannot see pointers Swift keeps with enum tag bits in their spare bits (a `MappingType` held by a
/// global session), so it reported these lifelong objects as leaked by whichever input first built them.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    lsanDisable()
    defer { lsanEnable() }
    _ = selectedTarget
    switch ProcessInfo.processInfo.environment["STRATA_FUZZ_TARGET"] {
    case "mapper": _ = mappedRoutes.count
    case "fixtures": _ = matchingRequests.count
    case "mapping-config": _ = sampleDocument.count
    case "serve": _ = serveResponder().session.routes.count
    default: break
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    selectedTarget(bytes)
    return 0
}

/// Stops with a finding when `condition` is false: libFuzzer saves the input that broke the invariant.
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}

/// The checks every parsed tree gets: its canonical JSON is JSON, and it prints.
func checkTree(_ tree: Tree) {
    let json = tree.canonicalJSON()
    do {
        _ = try JSONParser().parse(Array(json.utf8))
    } catch {
        invariant(false, "canonical JSON does not parse (\(error)): \(json.prefix(200))")
    }
    _ = TreePrinter(maxStringLength: 80).string(tree)
}

/// The checks every parse error gets: its position is inside the input, and it prints.
func checkError(_ error: ParseError, _ bytes: [UInt8]) {
    invariant(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) of \(bytes.count)")
    invariant(error.line >= 1 && error.column >= 1, "error at \(error.line):\(error.column)")
    _ = error.located(in: "body")
}

/// Runs `parser` and checks the tree or the error.
func parseAndCheck(_ parser: any Parser, _ bytes: [UInt8]) {
    do {
        checkTree(try parser.parse(bytes))
    } catch {
        checkError(error, bytes)
    }
}
