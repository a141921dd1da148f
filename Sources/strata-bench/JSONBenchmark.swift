/// The json benchmark (filled in by its own work).
enum JSONBenchmark {
    static func run(_ args: [String]) throws {
        print("json: not measured yet")
    }
}
