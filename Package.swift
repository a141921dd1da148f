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
        // The shared stack in three layers, each depending only on the ones listed before it; no terminal code.
        // Documents: the tree, the parsers by content type, the located reader, queries and the text they share.
        .target(name: "StrataDocuments", dependencies: ["CYAML"]),
        // Mapping: mapping configurations read and run over a tree (JCModel's and JSON:API's included).
        .target(name: "StrataMapping", dependencies: ["StrataDocuments"]),
        // The exchange: sessions, requests, sources, fixtures, history, serving and import; re-exports the two above.
        .target(name: "Strata", dependencies: ["StrataDocuments", "StrataMapping", "CCurl", "CFileSystem", "CMalloc"]),
        // Opening a file beneath a folder in one step (openat2 RESOLVE_BENEATH, or a walk): SessionFiles' C half.
        .target(name: "CFileSystem"),
        // glibc's allocator settings the process starts with (large blocks mapped, so freed ones leave the heap).
        .target(name: "CMalloc"),
        // libyaml's event parser through a shim header; only Strata's YAML reader imports it.
        .target(name: "CYAML", linkerSettings: [.linkedLibrary("yaml")]),
        // Loading a C library at run time, for the two shims below: nothing they use is needed to build.
        .target(name: "CDynamicLibrary", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The only libcurl surface: the API we use, declared in shim.h; libcurl is loaded on the first live send.
        .target(name: "CCurl", dependencies: ["CDynamicLibrary"]),
        // Cells, styles, display width, buffers, widgets and the backend protocol. Depends on nothing of ours.
        .target(name: "TermGrid"),
        // The explorer: state, actions, reducer, key maps, rendering into a TermGrid buffer.
        .target(name: "StrataUI", dependencies: ["Strata", "TermGrid"]),
        // ncursesw through a shim header, and the signal handlers with their state in shim.c.
        .target(name: "CNcursesw", linkerSettings: [.linkedLibrary("ncursesw")]),
        // libmicrohttpd's API as we use it, declared in shim.h; the library is loaded when serving starts.
        .target(name: "CMicroHTTPD", dependencies: ["CDynamicLibrary"]),
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
        .target(name: "StrataTestSupport", dependencies: ["Strata", "TermGrid", "StrataServe"]),
        .testTarget(name: "StrataTests", dependencies: ["Strata", "StrataDocuments", "StrataMapping", "StrataTestSupport"]),
        .testTarget(name: "TermGridTests", dependencies: ["TermGrid", "StrataTestSupport"]),
        .testTarget(name: "NcursesBackendTests", dependencies: ["NcursesBackend", "CNcursesw"]),
        .testTarget(
            name: "StrataUITests", dependencies: ["StrataUI", "Strata", "TermGrid", "StrataTestSupport", "StrataServe"],
            exclude: ["Goldens"]),
        .testTarget(name: "StrataCLITests", dependencies: ["strata", "StrataTestSupport"]),
        .testTarget(name: "StrataServeTests", dependencies: ["StrataServe", "Strata", "StrataTestSupport"]),
    ]
)
