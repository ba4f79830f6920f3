import NavigationHooks
import NavigationSimulator
import Testing

@MainActor
struct SeamTests {
    @Test func twoDelegateHooksBothRunAndLastRemovalRestoresTheAppsDelegate() throws {
        let nav = navigation([SimScreen("A")])
        let appDelegate = RecordingDelegate()
        nav.delegate = appDelegate
        var seen: [String] = []
        let first = nav.seams.navigationDelegate.add(
            NavigationDelegateHook(willShow: { seen.append("1 \($0.arriving.screenName)") }))
        let second = nav.seams.navigationDelegate.add(
            NavigationDelegateHook(willShow: { seen.append("2 \($0.arriving.screenName)") }))
        #expect(nav.delegate !== appDelegate)  // the proxy holds the slot
        nav.pushViewController(SimScreen("B"), animated: true)
        nav.runUntilIdle()
        #expect(seen == ["1 B", "2 B"])
        #expect(appDelegate.calls == ["willShow B", "didShow B"])
        try nav.seams.navigationDelegate.remove(first)
        #expect(nav.delegate !== appDelegate)
        try nav.seams.navigationDelegate.remove(second)
        #expect(nav.delegate === appDelegate)
        #expect(Detectors.analyze(nav.timeline).lostDelegateCalls == 0)
    }

    /// Seams kept after their navigation controller is gone switch nothing on or off: their
    /// first hook and their last removal (plain seams, and the delegate and gesture proxies) do
    /// nothing to the controller, and nothing they hold keeps it.
    @Test func seamsOutlivingTheirControllerDoNothing() throws {
        var seams: NavigationSeams?
        var tokens: [SeamToken] = []
        weak var gone: SimNavigationController?
        do {
            let nav = navigation(.ios26, [SimScreen("A"), SimScreen("B")])
            gone = nav
            seams = nav.seams
            tokens.append(nav.seams.appearance.add(AppearanceHook(onAppearance: { _ in })))
            tokens.append(nav.seams.navigationDelegate.add(NavigationDelegateHook(willShow: { _ in })))
        }
        #expect(gone == nil)
        let kept = try #require(seams)
        try kept.appearance.remove(tokens[0])
        try kept.navigationDelegate.remove(tokens[1])
        kept.popGesture.add(PopGestureHook(shouldBegin: { _ in true }))
        kept.popOperations.add(PopOperationHook(didPop: { _ in }))
        #expect(!kept.popGesture.isEmpty && !kept.popOperations.isEmpty && kept.appearance.isEmpty)
    }

    /// Each plain seam records its own name when its first hook arrives and its last leaves
    /// (the simulator writes each seam's two switches out by hand).
    @Test func eachPlainSeamRecordsItsOwnSwitches() throws {
        let nav = navigation(.ios26, [SimScreen("A"), SimScreen("B")])
        let seams = nav.seams
        for member in SeamSet.plain.members where member != .popGesture {
            let (name, remove) = try Self.addHook(to: member, of: seams)
            #expect(Self.lastSeamCall(nav) == "\(name) activated", "\(member)")
            try remove()
            #expect(Self.lastSeamCall(nav) == "\(name) deactivated", "\(member)")
        }
    }

    private static func lastSeamCall(_ nav: SimNavigationController) -> String? {
        for event in nav.timeline.events.reversed() {
            if case .seamCall(let seam, let detail) = event.kind { return "\(seam) \(detail)" }
        }
        return nil
    }

    /// Adds a hook that does nothing to the seam `member` names: its name, and the removal.
    private static func addHook(
        to member: NavigationSeams.Member, of seams: NavigationSeams
    ) throws -> (String, () throws -> Void) {
        func on<Hook>(_ seam: Seam<Hook>, _ hook: Hook) -> (String, () throws -> Void) {
            let token = seam.add(hook)
            return (seam.name, { try seam.remove(token) })
        }
        let exit = ExitHook(onExit: { _ in .pass })
        switch member {
        case .backAction: return on(seams.backAction, BackTapHook(onTap: { _ in .pass }))
        case .privateBackButtonAction: return on(seams.privateBackButtonAction, BackTapHook(onTap: { _ in .pass }))
        case .shouldPopItem: return on(seams.shouldPopItem, ShouldPopItemHook(shouldPop: { _ in true }))
        case .backMenu: return on(seams.backMenu, BackMenuHook())
        case .navigationDelegate: return on(seams.navigationDelegate, NavigationDelegateHook(willShow: { _ in }))
        case .popGesture: return on(seams.popGesture, PopGestureHook())
        case .appearance: return on(seams.appearance, AppearanceHook(onAppearance: { _ in }))
        case .popOperations: return on(seams.popOperations, PopOperationHook())
        case .interactivePop: return on(seams.interactivePop, InteractivePopHook(onStage: { _ in }))
        case .accessibilityEscape: return on(seams.accessibilityEscape, exit)
        case .backKeyCommand: return on(seams.backKeyCommand, exit)
        case .responderKeyCommand: return on(seams.responderKeyCommand, exit)
        case .sheetDismissal: return on(seams.sheetDismissal, exit)
        }
    }

    @Test func proxyAdoptsADelegateTheAppSetsLater() throws {
        let nav = navigation([SimScreen("A")])
        let token = nav.seams.navigationDelegate.add(NavigationDelegateHook(willShow: { _ in }))
        let late = RecordingDelegate()
        nav.delegate = late
        nav.pushViewController(SimScreen("B"), animated: true)
        nav.runUntilIdle()
        #expect(late.calls == ["willShow B", "didShow B"])
        try nav.seams.navigationDelegate.remove(token)
        #expect(nav.delegate === late)
    }

    @Test func dispatcherWillShowHandlersRunThroughTheSeamAndAreTraced() throws {
        let nav = navigation([SimScreen("A")])
        var shown: [String] = []
        try nav.hooks.dispatcher.willShowHandlers.add(name: "observer") {
            shown.append($0.arriving.screenName)
        }
        nav.pushViewController(SimScreen("B"), animated: true)
        nav.runUntilIdle()
        #expect(shown == ["B"])
        #expect(
            nav.timeline.contains {
                if case .decision(let line) = $0 { line.contains("observer") } else { false }
            })
    }

    @Test func popGestureHooksFirstAnswerWinsAndRemovalRestoresThePreviousDelegate() throws {
        let nav = navigation([SimScreen("A"), SimScreen("B")])
        let appGesture = AlwaysBeginGestureDelegate()
        nav.edgePopGestureDelegate = appGesture
        var asked: [String] = []
        let seam = nav.seams.popGesture
        let first = seam.add(
            PopGestureHook(shouldBegin: { _ in
                asked.append("first")
                return nil
            }))
        let second = seam.add(
            PopGestureHook(shouldBegin: { _ in
                asked.append("second")
                return false
            }))
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(asked == ["first", "second"])
        #expect(nav.names == ["A", "B"])
        try seam.remove(second)
        try seam.remove(first)
        #expect(nav.edgePopGestureDelegate === appGesture)
        nav.swipeBack(release: .finish)
        nav.runUntilIdle()
        #expect(nav.names == ["A"])
    }

    @Test func twoShouldPopItemHooksBothRun() {
        let nav = navigation([SimScreen("A"), SimScreen("B")])
        var calls: [Int] = []
        nav.seams.shouldPopItem.add(
            ShouldPopItemHook { _ in
                calls.append(1)
                return true
            })
        nav.seams.shouldPopItem.add(
            ShouldPopItemHook { _ in
                calls.append(2)
                return true
            })
        nav.tapBack()
        nav.runUntilIdle()
        #expect(calls == [1, 2])
        #expect(nav.names == ["A"])
    }

    @Test func appearanceAndInteractivePopSeamsReportStages() {
        let nav = navigation([SimScreen("A"), SimScreen("B")])
        var phases: [String] = []
        var stages: [InteractivePopStage] = []
        var willPopInteractive: [Bool] = []
        nav.seams.appearance.add(
            AppearanceHook { phases.append("\($0.screen.screenName).\($0.phase.rawValue)") })
        nav.seams.interactivePop.add(InteractivePopHook { stages.append($0.stage) })
        nav.seams.popOperations.add(
            PopOperationHook(willPop: { willPopInteractive.append($0.isInteractive) }))
        nav.swipeBack(progress: 0.1, release: .finish)
        nav.runUntilIdle()
        #expect(phases == ["B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear"])
        #expect(stages.first == .began)
        #expect(stages.last == .finished)
        #expect(willPopInteractive == [true])
    }

    @Test func hookRequestsInsideATapAreDeferredAndAttributedToTheUser() {
        let editor = SimScreen("Editor", refusesUserPop: true)
        let nav = navigation(.ios16, [SimScreen("A"), editor])
        nav.seams.backAction.add(
            BackTapHook { event in
                event.host.popViewController(animated: true)  // deferred until the tap is handled (R6)
                #expect(event.host.screens.count == 2)
                return .handled
            })
        nav.tapBack()
        nav.runUntilIdle()
        #expect(nav.names == ["A"])
        #expect(Detectors.analyze(nav.timeline).unguardedPops == 1)
    }

    @Test func thirdPartyOverwritingTheDelegateSlotLosesCalls() {
        let nav = navigation([SimScreen("A")])
        let appDelegate = RecordingDelegate()
        nav.delegate = appDelegate
        nav.overwriteDelegateSlot(with: RecordingDelegate())
        nav.pushViewController(SimScreen("B"), animated: true)
        nav.runUntilIdle()
        #expect(appDelegate.calls.isEmpty)
        #expect(Detectors.analyze(nav.timeline).lostDelegateCalls == 2)
    }
}
