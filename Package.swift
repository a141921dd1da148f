// swift-tools-version: 6.0
import PackageDescription

/// Strata: a terminal API explorer. See ARCHITECTURE.md for the dependency rule between these targets.
let package = Package(
    name: "Strata",
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .executable(name: "strata", targets: ["strata"]),
        .executable(name: "strata-bench", targets: ["strata-bench"]),
    ],
    targets: [
        // The shared stack: tree, parsers, sessions, data sources, mapping. Foundation only, no terminal code.
        .target(name: "Strata", dependencies: ["CYAML", "CCurl"]),
        // libyaml's event parser through a shim header; only Strata's YAML reader imports it.
        .target(name: "CYAML", linkerSettings: [.linkedLibrary("yaml")]),
        // The only libcurl surface: typed wrappers for its variadic calls and the once-per-process init in shim.c.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
        // Cells, styles, display width, buffers, widgets and the backend protocol. Depends on nothing of ours.
        .target(name: "TermGrid"),
        // The explorer: state, actions, reducer, key maps, rendering into a TermGrid buffer.
        .target(name: "StrataUI", dependencies: ["Strata", "TermGrid"]),
        // ncursesw through a shim header, and the signal handlers with their state in shim.c.
        .target(name: "CNcursesw", linkerSettings: [.linkedLibrary("ncursesw")]),
        // libmicrohttpd through a shim header (typed wrappers for its variadic calls) and shim.c.
        .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("microhttpd")]),
        // `strata serve`'s HTTP server: libmicrohttpd driving the library's ServeResponder.
        .target(name: "StrataServe", dependencies: ["Strata", "CMicroHTTPD"]),
        // A TermGrid backend over ncursesw.
        .target(name: "NcursesBackend", dependencies: ["TermGrid", "CNcursesw"]),
        // The command-line tool: argument parsing and wiring only.
        .executableTarget(
            name: "strata", dependencies: ["Strata", "StrataUI", "TermGrid", "NcursesBackend", "StrataServe"]),
        // Release-mode benchmarks against peers measured in the same run.
        .executableTarget(name: "strata-bench", dependencies: ["Strata", "StrataUI", "TermGrid", "StrataServe"]),
        // Helpers for tests: loopback HTTP server, snapshot assertions, locating the built binary.
        .target(name: "StrataTestSupport", dependencies: ["Strata", "TermGrid"]),
        .testTarget(name: "StrataTests", dependencies: ["Strata", "StrataTestSupport"]),
        .testTarget(name: "TermGridTests", dependencies: ["TermGrid", "StrataTestSupport"]),
        .testTarget(name: "NcursesBackendTests", dependencies: ["NcursesBackend", "CNcursesw"]),
        .testTarget(
            name: "StrataUITests", dependencies: ["StrataUI", "Strata", "TermGrid", "StrataTestSupport", "StrataServe"],
            exclude: ["Goldens"]),
        .testTarget(name: "StrataCLITests", dependencies: ["strata", "StrataTestSupport"]),
        .testTarget(name: "StrataServeTests", dependencies: ["StrataServe", "Strata", "StrataTestSupport"]),
    ]
)
