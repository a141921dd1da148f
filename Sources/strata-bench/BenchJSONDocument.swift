import Foundation
import Strata

extension JSONBenchmark {
    /// The bytes every parser reads, and the file jq and the memory children read them from.
    struct Document {
        /// The JSON text.
        var bytes: [UInt8]
        /// A file holding exactly `bytes`.
        var path: String
        /// What the document is, for the report (`generated API response, 40 123 records`).
        var description: String
        /// The node count a correct parse must produce, when known (generated documents).
        var expectedNodes: Int?
        /// The number of records under `data`, when known (generated documents).
        var expectedRecords: Int?
        /// True when `path` is a temporary file this run created.
        var isTemporary: Bool

        /// Generates the document (or reads `--input`) and makes sure it is on disk.
        static func prepare(_ options: Options) throws -> Document {
            if let input = options.input {
                let bytes = try BenchFiles.readFile(input)
                do {
                    _ = try JSONParser().parse(bytes)
                } catch {
                    throw BenchError("\(error.located(in: input))")
                }
                return Document(
                    bytes: bytes, path: input, description: "the file \(input)", expectedNodes: nil,
                    expectedRecords: nil, isTemporary: false)
            }
            JSONBenchmark.progress("generating a \(formatMB(options.sizeMB)) MB document")
            let generator = BenchJSONGenerator(targetBytes: Int(options.sizeMB * 1_000_000))
            let path = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
                "strata-bench-\(getpid()).json"
            ).path
            try BenchFiles.writeFile(path, generator.bytes)
            return Document(
                bytes: generator.bytes, path: path,
                description: "generated API response (compact), \(generator.recordCount) user records",
                expectedNodes: generator.valueCount, expectedRecords: generator.recordCount, isTemporary: true)
        }

        /// Deletes the temporary file, if this run made one.
        func removeTemporaryFile() {
            if isTemporary { unlink(path) }
        }

        /// The size in megabytes (10^6 bytes).
        var megabytes: Double { Double(bytes.count) / 1_000_000 }
    }

    static func formatMB(_ mb: Double) -> String {
        mb == mb.rounded() ? String(Int(mb)) : String(format: "%.1f", mb)
    }
}
