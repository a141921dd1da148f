/// The ui benchmark (filled in by its own work).
enum UIBenchmark {
    static func run(_ args: [String]) throws {
        print("ui: not measured yet")
    }
}
