// swift-tools-version:5.9
import PackageDescription

// Release builds check exclusive access at compile time only: the run-time check on every class
// property and global access cost ~4% of reading a file (a thread-local access set per access).
// Debug builds, which the tests run, keep the dynamic check. No target uses Swift concurrency or
// regular expressions: without their implicit imports, the program does not load their runtimes
// (libdispatch; the string-processing and regex-parser libraries, 0.8 ms) at every start.
let lean: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
    .unsafeFlags(["-Xfrontend", "-disable-implicit-concurrency-module-import",
                  "-Xfrontend", "-disable-implicit-string-processing-module-import"]),
]

let package = Package(
    name: "Designable",
    products: [
        .executable(name: "designable", targets: ["designable"]),
        .library(name: "DesignableCore", targets: ["DesignableCore"]),
    ],
    targets: [
        // MARK: - C libraries, found through pkg-config
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // librsvg is opened when an SVG is first drawn, not linked (Sources/CRsvg/shim.h says why):
        // this module declares the structure its functions take, and no library.
        .systemLibrary(name: "CRsvg"),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CISAL", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        .systemLibrary(name: "CX11", pkgConfig: "x11 xext", providers: [.apt(["libx11-dev", "libxext-dev"])]),
        // libFuzzer's driver, declared only: -sanitize=fuzzer links it, for `make fuzz` alone.
        .systemLibrary(name: "CFuzzer"),

        // MARK: - Designable
        // Optimised in debug builds too: the tests' walk of 2,000 random edits of a 2,000-view
        // file reads the whole file twice an edit, 6× slower unoptimised (and slower to run
        // than to compile). The other targets, where a debugger is wanted, stay unoptimised.
        .target(name: "DesignableCore", dependencies: ["CCairo", "CPango", "CYAML", "CRsvg", "CDeflate", "CISAL"],
                swiftSettings: lean + [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "DesignablePreview", dependencies: ["DesignableCore", "CCairo", "CX11"],
                swiftSettings: lean),
        // The executable exports its symbols: a user's component library, compiled against
        // DesignableCore's module, resolves the core's symbols against it instead of carrying a
        // copy of the core (and of the Swift runtime, which two of would crash) in every plugin.
        .executableTarget(name: "designable", dependencies: ["DesignableCore", "DesignablePreview"], swiftSettings: lean,
                          linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),
        // The libFuzzer harness. `make fuzz` builds it with -sanitize=fuzzer,address and
        // -DDESIGNABLE_LIBFUZZER; a plain build makes a replay tool of it that runs the harness on
        // files, so it needs no fuzzer runtime and is compiled (cannot rot) with every build.
        .executableTarget(name: "designable-fuzz", dependencies: ["DesignableCore", "CFuzzer"]),

        // MARK: - Tests
        // Fixtures and reference images are read from the source tree (found through #filePath),
        // so recording a golden writes it where it is committed.
        // CDeflate to inflate the PNGs the encoder writes and read each row's filter byte.
        .testTarget(name: "DesignableCoreTests", dependencies: ["DesignableCore", "CDeflate"],
                    exclude: ["Fixtures", "References", "BadInputs"]),
        // DesignablePreview for `KeyHelp`, which the README's table of keys is checked against.
        .testTarget(name: "designableTests", dependencies: ["designable", "DesignablePreview"]),
    ]
)
