import Foundation
import NavigationHooks
import NavigationSimulator
import NavigationStrategies
import Testing

/// What a screen of the random walk wants.
struct ScreenTemplate: Equatable, CustomStringConvertible {
    var barHidden = false
    var guarded = false
    var customBack = false
    var scroll = false
    var gestureDisabled = false

    static func random(using rng: inout SeededGenerator) -> ScreenTemplate {
        ScreenTemplate(
            barHidden: Bool.random(using: &rng), guarded: Int.random(in: 0..<4, using: &rng) == 0,
            customBack: Int.random(in: 0..<5, using: &rng) == 0, scroll: Int.random(in: 0..<4, using: &rng) == 0,
            gestureDisabled: Int.random(in: 0..<8, using: &rng) == 0)
    }

    var description: String {
        [
            barHidden ? "hidden" : nil, guarded ? "guard" : nil, customBack ? "custom" : nil, scroll ? "scroll" : nil,
            gestureDisabled ? "noGesture" : nil,
        ].compactMap { $0 }.joined(separator: ",")
    }
}

/// One step of the walk: what the app or the user does.
enum WalkStep: CustomStringConvertible {
    case push(ScreenTemplate, animated: Bool)
    case pop(animated: Bool)
    case popTo(depth: Int)
    case popToRoot
    case setStack(keep: Int, add: ScreenTemplate)
    case tapBack
    case backMenu(pick: Int)
    case swipe(PopGestureKind, progress: Double, finish: Bool)
    case present(ModalStyle)
    case dismiss
    case addHandlerMidFlight
    case removeHandler

    static func random(using rng: inout SeededGenerator) -> WalkStep {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<22: .push(.random(using: &rng), animated: Int.random(in: 0..<5, using: &rng) > 0)
        case 22..<30: .pop(animated: Bool.random(using: &rng))
        case 30..<34: .popTo(depth: Int.random(in: 0..<4, using: &rng))
        case 34..<37: .popToRoot
        case 37..<41: .setStack(keep: Int.random(in: 1..<4, using: &rng), add: .random(using: &rng))
        case 41..<55: .tapBack
        case 55..<62: .backMenu(pick: Int.random(in: 0..<3, using: &rng))
        case 62..<84:
            .swipe(
                Bool.random(using: &rng) ? .edge : .content, progress: Double.random(in: 0.05...0.95, using: &rng),
                finish: Bool.random(using: &rng))
        case 84..<89: .present(Bool.random(using: &rng) ? .fullScreen : .pageSheet)
        case 89..<94: .dismiss
        case 94..<97: .addHandlerMidFlight
        default: .removeHandler
        }
    }

    var description: String {
        switch self {
        case .push(let template, let animated): "push(\(template)\(animated ? "" : ", animated: false"))"
        case .pop(let animated): "pop(animated: \(animated))"
        case .popTo(let depth): "popTo(depth: \(depth))"
        case .popToRoot: "popToRoot"
        case .setStack(let keep, let add): "setStack(keep: \(keep), add: \(add))"
        case .tapBack: "tapBack"
        case .backMenu(let pick): "backMenu(pick: \(pick))"
        case .swipe(let kind, let progress, let finish):
            "swipe(\(kind), \(String(format: "%.2f", progress)), \(finish ? "finish" : "cancel"))"
        case .present(let style): "present(\(style))"
        case .dismiss: "dismiss"
        case .addHandlerMidFlight: "addHandlerMidFlight"
        case .removeHandler: "removeHandler"
        }
    }
}

/// Runs a walk and says what went wrong, if anything.
@MainActor
struct Walk {
    let profile: IOSProfile
    let plugins: [String]
    let checksDefects: Bool

    /// The first broken invariant, or `nil`.
    func failure(of steps: [WalkStep]) -> String? { run(steps).failure }

    /// Runs the walk: the first broken invariant, and how many frames the timeline holds.
    func run(_ steps: [WalkStep]) -> (failure: String?, frames: Int) {
        let (failure, nav) = walk(steps)
        return (failure, nav.timeline.frames.count)
    }

    private func walk(_ steps: [WalkStep]) -> (String?, SimNavigationController) {
        let nav = SimNavigationController(profile: profile)
        let appDelegate = RecordingDelegate()
        nav.delegate = appDelegate
        nav.setViewControllers([make(ScreenTemplate(), name: "Root", nav: nav)], animated: false)
        nav.runUntilIdle()
        guard (try? StrategyCatalog.composition(plugins).install(on: nav.hooks)) != nil else {
            return ("the composition did not install", nav)
        }
        var serial = 0
        var handlerNames: [String] = []
        for (index, step) in steps.enumerated() {
            serial += 1
            switch step {
            case .push(let template, let animated):
                nav.pushViewController(make(template, name: "S\(serial)", nav: nav), animated: animated)
            case .pop(let animated): nav.popViewController(animated: animated)
            case .popTo(let depth):
                if depth < nav.screens.count { nav.popToViewController(nav.screens[depth], animated: true) }
            case .popToRoot: nav.popToRootViewController(animated: true)
            case .setStack(let keep, let add):
                let kept = nav.screens.prefix(keep).compactMap { $0 as? SimScreen }
                nav.setViewControllers(kept + [make(add, name: "S\(serial)", nav: nav)], animated: true)
            case .tapBack: nav.tapBack()
            case .backMenu(let pick):
                let destinations = nav.backMenuDestinations()
                if !destinations.isEmpty { nav.chooseFromBackMenu(destinations[min(pick, destinations.count - 1)]) }
            case .swipe(let kind, let progress, let finish):
                nav.swipeBack(kind, progress: progress, release: finish ? .finish : .cancel)
            case .present(let style):
                if nav.presentedScreen == nil { nav.present(SimScreen("Modal\(serial)"), style: style) }
            case .dismiss: nav.dismiss()
            case .addHandlerMidFlight:
                nav.pushViewController(make(ScreenTemplate(), name: "S\(serial)", nav: nav), animated: true)
                nav.advance(seconds: 0.1)
                let name = "h\(serial)"
                if (try? nav.hooks.dispatcher.shouldPopHandlers.add(name: name) { _ in .pass }) != nil {
                    handlerNames.append(name)
                }
            case .removeHandler:
                if let name = handlerNames.popLast() { try? nav.hooks.dispatcher.shouldPopHandlers.remove(named: name) }
            }
            nav.runUntilIdle()
            if nav.screens.count != nav.navigationBarItemCount {
                let failure =
                    "step \(index): the stack (\(nav.screens.count)) and the bar's items"
                    + " (\(nav.navigationBarItemCount)) disagree when idle"
                return (failure, nav)
            }
            if nav.screens.isEmpty { return ("step \(index): the stack is empty", nav) }
        }
        guard checksDefects else { return (nil, nav) }
        let report = Detectors.analyze(nav.timeline)
        let defects = [
            ("unguardedPops", report.unguardedPops), ("barGlitches", report.barGlitches),
            ("wrongBarAtRest", report.wrongBarAtRest), ("frozen", report.frozen),
            ("lostDelegateCalls", report.lostDelegateCalls),
        ].filter { $0.1 > 0 }
        return (defects.isEmpty ? nil : "defects \(defects) — \(report)", nav)
    }

    private func make(_ template: ScreenTemplate, name: String, nav: SimNavigationController) -> SimScreen {
        let screen = template.guarded ? Fixture.guardedScreen(name, customBack: template.customBack) : SimScreen(name)
        screen.hasCustomBackButton = template.customBack
        screen.hasHorizontalScrollView = template.scroll
        screen.prefersNavigationBarHidden = template.barHidden
        screen.isPopGestureEnabled = !template.gestureDisabled
        Fixture.wireCustomBack(screen, on: nav)
        return screen
    }

    /// Drops steps one at a time while the walk still fails, to a short reproduction.
    func shrink(_ steps: [WalkStep]) -> [WalkStep] {
        var steps = steps
        var index = 0
        while index < steps.count {
            var candidate = steps
            candidate.remove(at: index)
            if failure(of: candidate) != nil { steps = candidate } else { index += 1 }
        }
        return steps
    }
}

@MainActor
struct RandomWalkTests {
    /// 40 walks of 250 steps with the recommended composition (10,000 steps), across every
    /// profile: no crash, stack and bar agree, and zero defects.
    @Test(arguments: 0..<40)
    func theRecommendedCompositionHasNoDefects(walk: Int) {
        let seed = UInt64(0x5EED_0000 + walk)
        let profile = IOSProfile.allCases[walk % IOSProfile.allCases.count]
        check(seed: seed, profile: profile, plugins: StrategyComposition.recommended.names, checksDefects: true, 250)
    }

    /// 20 walks of 100 steps with random combinations: no crash, and the stack and the
    /// bar's items agree whenever the controller is idle.
    @Test(arguments: 0..<20)
    func everyCombinationKeepsTheStackConsistent(walk: Int) {
        let seed = UInt64(0xC0B0_0000 + walk)
        var rng = SeededGenerator(seed: seed)
        let plugins = StrategyCatalog.names.filter { _ in Bool.random(using: &rng) }
        let profile = IOSProfile.allCases.randomElement(using: &rng)!
        check(seed: seed, profile: profile, plugins: plugins, checksDefects: false, 100)
    }

    private func check(seed: UInt64, profile: IOSProfile, plugins: [String], checksDefects: Bool, _ count: Int) {
        var rng = SeededGenerator(seed: seed)
        let steps = (0..<count).map { _ in WalkStep.random(using: &rng) }
        let walk = Walk(profile: profile, plugins: plugins, checksDefects: checksDefects)
        let (failure, frames) = walk.run(steps)
        #expect(frames > count * 2, "the walk must animate: \(frames) frames for \(count) steps")
        guard let failure else { return }
        let short = walk.shrink(steps)
        Issue.record(
            """
            seed \(seed) on \(profile) with \(plugins): \(failure)
            shortened to \(short.count) steps: \(short.map(\.description).joined(separator: "; "))
            """)
    }
}
