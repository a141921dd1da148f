import Foundation
import StrataDocuments
import StrataMapping

/// `mappings` as a list: class mappings inline and in files of the session (JSON, or a property list in JCModel's
/// spirit or in its own forms), merged in order.
extension Session {
    /// Reads `mappings`: an object of classes, or an array whose entries are such objects or file names relative
    /// to the session (`"mappings/catalog.json"`, `"mappings/Article.plist"`). Each file is read only when it is
    /// inside the session folder (`SessionFiles`); its problems are located in it; a class defined in two places
    /// is an error naming both (the later one is used).
    static func loadMappingSet(reader: DocumentReader, node: Tree.Index?, directory: String) -> (
        MappingSet, [ClassDiagnostic]
    ) {
        guard let node, reader.tree.kind(node) == .array else {
            var loader = MappingLoader(reader: reader.part())
            let set = loader.loadSet(node)
            return (set, loader.classDiagnostics)
        }
        var own = reader.part()
        var loaders: [MappingLoader] = []
        var merged = MappingSet()
        var definedAt: [String: String] = [:]
        var problems: [ClassDiagnostic] = []
        for entry in reader.tree.children(node) {
            let entryReader: DocumentReader
            var root = Tree.root
            switch reader.tree.kind(entry) {
            case .object:
                entryReader = reader.part()
                root = entry
            case .string:
                let name = reader.tree.string(entry) ?? ""
                switch readMappingFile(name, directory: directory) {
                case .success(let r): entryReader = r
                case .failure(let problem):
                    if let diagnostic = problem.diagnostic {
                        problems.append(ClassDiagnostic(diagnostic: diagnostic, className: nil))
                    } else {
                        own.error("mapping file \(JSONString.quote(name)) \(problem.message)", at: entry)
                    }
                    continue
                }
            default:
                own.error(
                    "each mappings entry must be an object of classes or a file name, found "
                        + reader.tree.describe(entry), at: entry)
                continue
            }
            var loader = MappingLoader(reader: entryReader)
            let set = loader.readSet(root)
            for cls in set.classes {
                guard let n = loader.classNodes[cls.name] else { continue }
                let here = loader.reader.file + ":" + loader.reader.position(of: n)
                if let first = definedAt[cls.name] {
                    loader.reporting(about: cls.name) {
                        $0.errorAtKey(
                            n, "class \(cls.name) is defined twice: at \(first) and at \(here); the later one is used")
                    }
                }
                definedAt[cls.name] = here
                merged.add(cls)
            }
            loaders.append(loader)
        }
        // JCModel forms refine the class of their name from any entry, or define it, once all are merged.
        for i in loaders.indices { loaders[i].applyJCModelForms(to: &merged) }
        for i in loaders.indices {
            loaders[i].checkReferences(in: merged)
            problems += loaders[i].classDiagnostics
        }
        return (merged, own.diagnostics.map { ClassDiagnostic(diagnostic: $0, className: nil) } + problems)
    }

    /// Why a mapping file could not be read: a message for the entry naming it, or a located parse error in it.
    struct MappingFileProblem: Error {
        var message: String
        var diagnostic: Diagnostic?
    }

    /// Reads and parses mapping file `name` (a property list when it ends in `.plist`, else JSON).
    private static func readMappingFile(_ name: String, directory: String) -> Result<
        DocumentReader, MappingFileProblem
    > {
        // An absolute name is taken as written (and refused as outside the session unless it leads inside).
        let path = name.hasPrefix("/") ? name : join(directory, name)
        let bytes: [UInt8]
        switch SessionFiles.read(path, inside: directory) {
        case .success(let b): bytes = b
        case .failure(.unreadable(let reason)):
            return .failure(MappingFileProblem(message: "cannot be read (\(reason); looked for \(path))"))
        case .failure(let refusal): return .failure(MappingFileProblem(message: "\(refusal); nothing was read"))
        }
        do {
            let tree: Tree =
                name.lowercased().hasSuffix(".plist")
                ? try PropertyListFormat().parse(bytes) : try JSONParser().parse(bytes)
            return .success(DocumentReader(tree: tree, file: path))
        } catch {
            return .failure(
                MappingFileProblem(message: error.message, diagnostic: Diagnostic(file: path, error: error)))
        }
    }
}
