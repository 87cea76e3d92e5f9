// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tour",
    products: [
        .library(name: "TourKit", targets: ["TourKit"]),
        .executable(name: "tour", targets: ["tour"]),
    ],
    targets: [
        // The only place C macros and globals of ncurses meet Swift.
        // The Makefile installs libncurses-dev; pkg-config is not used because SwiftPM
        // would drop its -D flags anyway (the shim defines what they would have).
        .systemLibrary(name: "CNcurses"),
        // Async-signal-safe handlers that give the terminal back on signals and crashes.
        .target(name: "CTerminalGuard"),
        // Plain Swift: model, paging state machine, layout into a cell grid. No terminal.
        .target(name: "TourCore"),
        // PNG and JPEG decoding (libpng, libjpeg-turbo) and character-cell drawing (libchafa),
        // each library loaded on first use: a tour without pictures pays nothing for them.
        .target(name: "CImage"),
        // Files: loading tours, art and pictures, the seen-state store. POSIX calls, no terminal.
        .target(name: "TourStore", dependencies: ["TourCore", "CImage"]),
        // Everything that touches the terminal.
        .target(name: "TourTerminal", dependencies: ["TourCore", "TourStore", "CNcurses", "CTerminalGuard"]),
        // What a Swift tool imports: a deliberate public API; the rest is `package`.
        .target(name: "TourKit", dependencies: ["TourCore", "TourStore", "TourTerminal"]),
        // The command line: the option table, the parser written from it, the exit codes,
        // and the help, man page and completions written from the table.
        .target(name: "TourCommand", dependencies: ["TourCore"]),
        .executableTarget(
            name: "tour",
            dependencies: ["TourCommand", "TourKit", "TourCore", "TourStore", "TourTerminal"],
            resources: [
                .embedInCode("../../Resources/welcome.json"),
                // Each art file the built-in tour names; BuiltInTour.swift maps them by path.
                .embedInCode("../../Resources/art/welcome.ans"),
                .embedInCode("../../Resources/art/welcome-small.ans"),
                .embedInCode("../../Resources/art/keys.txt"),
                .embedInCode("../../Resources/art/keys-small.txt"),
                .embedInCode("../../Resources/art/file.txt"),
                .embedInCode("../../Resources/art/file-small.txt"),
                .embedInCode("../../Resources/art/logo.png"),
                .embedInCode("../../Resources/art/logo.rgba"),
            ]
        ),
        // In-process micro-benchmarks for `make bench` (built in release mode).
        .executableTarget(name: "TourBenchmarks", dependencies: ["TourCore", "TourStore", "TourKit"]),
        // Drives TourKit as a Swift tool would, for the end-to-end tests.
        .executableTarget(name: "TourKitHarness", dependencies: ["TourKit"], path: "Tests/TourKitHarness"),
        // The invariants the fuzz targets check (make fuzz); the unit tests replay the corpus with them.
        .target(name: "TourFuzzChecks", dependencies: ["TourCore"], path: "Fuzz/Checks"),
        .testTarget(name: "TourCoreTests", dependencies: ["TourCore", "TourStore", "TourFuzzChecks"], exclude: ["Snapshots"]),
        // The files a run reads and writes: state files, --answers, a watched tour.
        .testTarget(name: "TourStoreTests", dependencies: ["TourStore", "TourCore"]),
        // The terminal layer's own decisions: the start-up questions, built-in terminfo.
        .testTarget(name: "TourTerminalTests", dependencies: ["TourTerminal", "TourCore"]),
        // The glue: play settings, the accessible mode, what a run records; no terminal needed.
        .testTarget(name: "TourKitTests", dependencies: ["TourKit", "TourCore", "TourStore", "TourTerminal"]),
        .testTarget(name: "TourCommandTests", dependencies: ["TourCommand", "TourCore"]),
        .testTarget(name: "TourEndToEndTests", dependencies: ["TourCore"]),
    ]
)
