/// The mapping benchmark (filled in by its own work).
enum MappingBenchmark {
    static func run(_ args: [String]) throws {
        print("mapping: not measured yet")
    }
}
