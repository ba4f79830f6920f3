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
    "ShouldPopItemGuard",
    "BackActionOverride",
    "DelegateBarHiding",
    "PopGestureGuard",
    "LifecycleBarHiding",
    "TransitionEvents",
    "BackMenuGuard",
    "ExitGuard",
    "BackKeyCommandGuard",
]

/// The appearance strategies: plugins too, but one choice rather than independent on/off
/// plugins (they set the same bar; `BarAppearanceSlot`), so the bench does not multiply its
/// matrix by them (README, "Bar appearance per screen").
let appearancePlugins = [
    "ItemBarAppearance",
    "LifecycleBarAppearance",
    "TransitionBarBackground",
]

let package = Package(
    name: "NavigationHooks",
    platforms: [.iOS(.v13), .macOS(.v13)],
    products: [
        .library(name: "NavigationHooks", targets: ["NavigationHooks"]),
        .library(name: "NavigationSimulator", targets: ["NavigationSimulator"]),
        .library(name: "NavigationStrategies", targets: ["NavigationStrategies"]),
        .library(name: "NavigationScenarios", targets: ["NavigationScenarios"]),
        .library(name: "NavigationScenarioRunner", targets: ["NavigationScenarioRunner"]),
        .library(name: "NavigationConformance", targets: ["NavigationConformance"]),
        .library(name: "NavigationHooksUIKit", targets: ["NavigationHooksUIKit"]),
        .library(name: "NavigationHooksSwiftUI", targets: ["NavigationHooksSwiftUI"]),
        .library(name: "NavigationRecording", targets: ["NavigationRecording"]),
        .library(name: "NavigationBench", targets: ["NavigationBench"]),
        .executable(name: "navhooks-bench", targets: ["NavHooksBench"]),
    ] + (strategyPlugins + appearancePlugins).map { .library(name: $0, targets: [$0]) },
    targets: [
        .target(name: "NavigationHooks", swiftSettings: settings),
        .target(
            name: "NavigationSimulator",
            dependencies: ["NavigationHooks"],
            swiftSettings: settings
        ),
        .target(
            name: "NavigationStrategies",
            dependencies: ["NavigationHooks"] + (strategyPlugins + appearancePlugins).map { .target(name: $0) },
            swiftSettings: settings
        ),
        // The `.nav` format: scenarios, steps, screens, the parser, the corpus, diagnostics.
        .target(
            name: "NavigationScenarios",
            dependencies: ["NavigationHooks", "NavigationSimulator", "NavigationStrategies"],
            swiftSettings: settings
        ),
        // Plays a scenario on the simulator: results, metrics, risks, combinations, equivalent runs.
        .target(
            name: "NavigationScenarioRunner",
            dependencies: [
                "NavigationHooks", "NavigationSimulator", "NavigationStrategies", "NavigationScenarios",
                "NavigationRecording",
            ],
            swiftSettings: settings
        ),
        // What a device run is compared with: conformance traces, device outcomes, the comparison.
        .target(
            name: "NavigationConformance",
            dependencies: [
                "NavigationSimulator", "NavigationStrategies", "NavigationScenarios", "NavigationScenarioRunner",
            ],
            swiftSettings: settings
        ),
        // The recorder and its `.nav` writer: the core only, so an app links no bench code.
        .target(name: "NavigationRecording", dependencies: ["NavigationHooks"], swiftSettings: settings),
        .target(
            name: "NavigationHooksUIKit",
            dependencies: ["NavigationHooks", "NavigationStrategies", "NavigationRecording"],
            swiftSettings: settings
        ),
        .target(
            name: "NavigationHooksSwiftUI",
            dependencies: ["NavigationHooks", "NavigationHooksUIKit", "NavigationRecording"],
            swiftSettings: settings
        ),
        .target(name: "CAllocationCounter"),
        // The bench's workers end with their parent (Linux: PR_SET_PDEATHSIG); see BenchInterruption.
        .target(name: "CProcessLifeline"),
        // The bench: matrix plan, runner settings, workers, shards and merge, ranking, reports.
        .target(
            name: "NavigationBench",
            dependencies: [
                "NavigationHooks", "NavigationScenarios", "NavigationScenarioRunner", "NavigationConformance",
                "NavigationSimulator", "NavigationStrategies", "CAllocationCounter", "CProcessLifeline",
            ],
            swiftSettings: settings
        ),
        // The `navhooks-bench` command: the library's shell (process wiring).
        .executableTarget(
            name: "NavHooksBench",
            dependencies: ["NavigationBench"],
            swiftSettings: settings
        ),
        .executableTarget(
            name: "ComposeAndCustomize",
            dependencies: ["NavigationHooks", "NavigationSimulator", "NavigationStrategies"],
            path: "Examples/ComposeAndCustomize",
            swiftSettings: settings
        ),
        // Test support shared by the modules' tests: the corpus, found from the package root, scratch
        // folders, child processes, long computations off the threads that run tests.
        .target(
            name: "ScenarioTestSupport", dependencies: ["NavigationScenarios", "CProcessLifeline"],
            path: "Tests/ScenarioTestSupport"),
        .testTarget(
            name: "NavigationHooksTests",
            dependencies: ["NavigationHooks", "NavigationRecording", "NavigationSimulator", "ScenarioTestSupport"],
            swiftSettings: settings),
        .testTarget(
            name: "NavigationSimulatorTests",
            dependencies: ["NavigationHooks", "NavigationSimulator"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "StrategyPluginsTests",
            dependencies: ["NavigationHooks", "NavigationSimulator", "NavigationStrategies"]
                + (strategyPlugins + appearancePlugins).map { .target(name: $0) },
            swiftSettings: settings
        ),
        .testTarget(
            name: "NavigationScenariosTests",
            dependencies: [
                "ScenarioTestSupport", "NavigationScenarios", "NavigationSimulator", "NavigationStrategies",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "NavigationScenarioRunnerTests",
            dependencies: [
                "ScenarioTestSupport", "NavigationScenarios", "NavigationScenarioRunner", "NavigationSimulator",
                "NavigationStrategies", "NavigationRecording",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "NavigationConformanceTests",
            dependencies: [
                "ScenarioTestSupport", "NavigationScenarios", "NavigationConformance", "NavigationSimulator",
                "NavigationStrategies",
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "NavHooksBenchTests",
            dependencies: [
                "ScenarioTestSupport",
                "NavigationBench", "NavHooksBench", "NavigationScenarios", "NavigationScenarioRunner",
                "NavigationConformance",
                "NavigationSimulator", "NavigationStrategies", "NavigationRecording",
            ],
            swiftSettings: settings
        ),
    ]
        + (strategyPlugins + appearancePlugins).map {
            .target(name: $0, dependencies: ["NavigationHooks"], path: "Plugins/\($0)", swiftSettings: settings)
        }
)
