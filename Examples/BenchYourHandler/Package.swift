// swift-tools-version: 6.0
import PackageDescription

// An app's own package: its handler (DraftHandlers), its bench (bench-my-handlers) and a command
// plugin that runs the bench (`swift package bench-handlers`). It depends on NavigationHooks by
// path here; an app writes `.package(url: "https://…/NavigationHooks.git", from: "…")`.
let package = Package(
    name: "BenchYourHandler",
    platforms: [.iOS(.v13), .macOS(.v13)],
    products: [
        .library(name: "DraftHandlers", targets: ["DraftHandlers"]),
        .executable(name: "bench-my-handlers", targets: ["bench-my-handlers"]),
        .plugin(name: "BenchHandlers", targets: ["BenchHandlers"]),
    ],
    dependencies: [.package(name: "NavigationHooks", path: "../..")],
    targets: [
        // The app's code: what ships in the app.
        .target(
            name: "DraftHandlers",
            dependencies: [.product(name: "NavigationHooks", package: "NavigationHooks")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The app's bench: the handler registered beside the strategies.
        .executableTarget(
            name: "bench-my-handlers",
            dependencies: ["DraftHandlers", .product(name: "NavigationBench", package: "NavigationHooks")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The app's CI asserts on the bench's report as a value (`swift test`).
        .testTarget(
            name: "DraftHandlersTests",
            dependencies: ["DraftHandlers", .product(name: "NavigationBench", package: "NavigationHooks")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // `swift package bench-handlers [ARGS…]`: builds bench-my-handlers (release) and runs it on Flows/.
        .plugin(
            name: "BenchHandlers",
            capability: .command(
                intent: .custom(verb: "bench-handlers", description: "Benchmark the app's handlers with the strategies")
            ),
            dependencies: []
        ),
    ]
)
