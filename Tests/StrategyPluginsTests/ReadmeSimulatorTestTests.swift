// The snippet below is copied verbatim into
// Sources/NavigationSimulator/NavigationSimulator.docc/TestingAHandler.md; it runs here as a real
// test, and the last test checks the article carries it.

import Foundation
// README snippet begin
import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// The app's handler: no "back" by the user while the payment screen is paying.
struct PaymentInProgressGuard: NavigationHandler {
    let isPaying: @MainActor () -> Bool

    func shouldPop(_ context: PopContext) -> PopDecision {
        guard context.trigger.isUserInitiated, context.leaving.screenName == "Payment", isPaying() else {
            return .pass
        }
        return .deny(reason: "payment in progress")
    }
}

@MainActor
struct PaymentGuardTests {
    /// Every way back a user has, on every iOS version's rules, with the composition the
    /// app installs; the app's own pop still works.
    @Test(arguments: IOSProfile.allCases)
    func theUserCannotLeaveWhilePaying(_ profile: IOSProfile) throws {
        let nav = SimNavigationController(profile: profile)
        try StrategyComposition.recommended.install(on: nav.hooks)
        try nav.hooks.dispatcher.shouldPopHandlers.add(PaymentInProgressGuard { true }, name: "payment")
        nav.setViewControllers([SimScreen("Cart"), SimScreen("Payment")], animated: false)
        nav.runUntilIdle()

        nav.tapBack()
        nav.swipeBack(.edge, progress: 0.8, release: .finish)
        if let cart = nav.backMenuDestinations().first { nav.chooseFromBackMenu(cart) }  // iOS 14+
        nav.accessibilityEscape()  // VoiceOver
        nav.pressBackKeyCommand()  // ⌘[, iOS 15+
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == ["Cart", "Payment"])

        nav.popViewController(animated: true)  // the app's own code is never refused
        nav.runUntilIdle()
        #expect(nav.viewControllers.map(\.screenName) == ["Cart"])
    }
}
// README snippet end

struct ReadmeSimulatorTestTests {
    @Test func theReadmeCarriesTheSimulatorTestVerbatim() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let readmePath = #filePath.replacingOccurrences(
            of: "Tests/StrategyPluginsTests/ReadmeSimulatorTestTests.swift",
            with: "Sources/NavigationSimulator/NavigationSimulator.docc/TestingAHandler.md")
        let readme = try String(contentsOfFile: readmePath, encoding: .utf8)
        let begin = try #require(source.range(of: "// README snippet begin\n")).upperBound
        let end = try #require(source.range(of: "// README snippet end")).lowerBound
        // The whole fenced block, so nothing else creeps into it.
        #expect(readme.contains("```swift\n" + source[begin..<end] + "```\n"))
    }
}
