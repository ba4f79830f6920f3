// swift-tools-version: 6.0
import PackageDescription

/// Every target compiles in Swift 6 language mode with the same upcoming features.
let settings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The strategy plugins: ordinary library targets under `Plugins/<Name>/`, each depending
/// on the core only (these are not SwiftPM package plugins).
let strategyPlugins = [
    "BaseClassGuard",
    "ShouldPopItemHook",
    "BackActionOverride",
    "DelegateBarHiding",
    "PopGestureGuard",
    "LifecycleBarHiding",
    "TransitionEvents",
    "BackMenuGuard",
    "ExitGuard",
]

let package = Package(
    name: "NavigationHooks",
    platforms: [.iOS(.v13), .macOS(.v13)],
    products: [
        .library(name: "NavigationHooks", targets: ["NavigationHooks"]),
        .library(name: "NavigationSimulator", targets: ["NavigationSimulator"]),
        .library(name: "NavigationStrategies", targets: ["NavigationStrategies"]),
        .library(name: "NavigationScenarios", targets: ["NavigationScenarios"]),
        .library(name: "NavigationHooksUIKit", targets: ["NavigationHooksUIKit"]),
        .executable(name: "navhooks-bench", targets: ["NavHooksBench"]),
    ] + strategyPlugins.map { .library(name: $0, targets: [$0]) },
    targets: [
        .target(name: "NavigationHooks", swiftSettings: settings),
        .target(
            name: "NavigationSimulator",
            dependencies: ["NavigationHooks"],
            swiftSettings: settings
        ),
        .target(
            name: "NavigationStrategies",
            dependencies: ["NavigationHooks"] + strategyPlugins.map { .target(name: $0) },
            swiftSettings: settings
        ),
        .target(
            name: "NavigationScenarios",
            dependencies: ["NavigationHooks", "NavigationSimulator", "NavigationStrategies"],
            swiftSettings: settings
        ),
        .target(
            name: "NavigationHooksUIKit",
            dependencies: ["NavigationHooks", "NavigationStrategies"],
            swiftSettings: settings
        ),
        .target(name: "CAllocationCounter"),
        // The bench's workers end with their parent (Linux: PR_SET_PDEATHSIG); see BenchInterruption.
        .target(name: "CProcessLifeline"),
        .executableTarget(
            name: "NavHooksBench",
            dependencies: [
                "NavigationScenarios", "NavigationSimulator", "NavigationStrategies", "CAllocationCounter",
                "CProcessLifeline",
            ],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "ComposeAndCustomize",
            dependencies: ["NavigationHooks", "NavigationSimulator", "NavigationStrategies"],
            path: "Examples/ComposeAndCustomize",
            swiftSettings: settings
        ),
        .testTarget(name: "NavigationHooksTests", dependencies: ["NavigationHooks"], swiftSettings: settings),
        .testTarget(
            name: "NavigationSimulatorTests",
            dependencies: ["NavigationHooks", "NavigationSimulator"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "StrategyPluginsTests",
            dependencies: ["NavigationHooks", "NavigationSimulator", "NavigationStrategies"]
                + strategyPlugins.map { .target(name: $0) },
            swiftSettings: settings
        ),
        .testTarget(
            name: "NavigationScenariosTests",
            dependencies: ["NavigationScenarios", "NavigationSimulator", "NavigationStrategies"],
            swiftSettings: settings
        ),
    ]
        + strategyPlugins.map {
            .target(name: $0, dependencies: ["NavigationHooks"], path: "Plugins/\($0)", swiftSettings: settings)
        }
)
