import NavigationHooks
import NavigationSimulator
import Testing

@MainActor
struct BackButtonRuleTests {
    @Test func r20_navigationControllerIsTheBarsDelegate() {
        let nav = navigation([SimScreen("A"), SimScreen("B")])
        var host: (any NavigationHost)?
        nav.seams.shouldPopItem.add(
            ShouldPopItemHook { call in
                host = call.host
                return true
            })
        nav.tapBack()
        nav.runUntilIdle()
        #expect(host === nav)
    }

    @Test func r21_tapAsksWhileOnTopCodePopAfterRemoval() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let nav = navigation([a, b])
        var calls: [(isCodePop: Bool, itemIsTop: Bool, items: Int, screens: Int)] = []
        nav.seams.shouldPopItem.add(
            ShouldPopItemHook { call in
                calls.append(
                    (
                        call.isCodePop, call.host.topScreen === call.item, call.host.navigationBarItemCount,
                        call.host.screens.count
                    ))
                return true
            })
        nav.tapBack()
        nav.runUntilIdle()
        nav.pushViewController(b, animated: true)
        nav.runUntilIdle()
        nav.popViewController(animated: true)
        nav.runUntilIdle()
        #expect(calls.count == 2)
        #expect(calls.first?.isCodePop == false && calls.first?.itemIsTop == true)
        #expect(calls.last?.isCodePop == true && calls.last?.itemIsTop == false)
        #expect(calls.last?.items == 2 && calls.last?.screens == 1)
    }

    @Test func r21_refusedCodePopLeavesTheBarWithAStaleItem() {
        let nav = navigation([SimScreen("A"), SimScreen("B")])
        nav.seams.shouldPopItem.add(ShouldPopItemHook { _ in false })
        nav.popViewController(animated: true)
        nav.runUntilIdle()
        #expect(nav.names == ["A"])
        #expect(nav.navigationBarItemCount == 2)
        #expect(nav.timeline.contains { if case .barItemsDesync = $0 { true } else { false } })
    }

    @Test(arguments: IOSProfile.allCases)
    func r22_returningFalseRefusesTheTap(profile: IOSProfile) {
        let nav = navigation(profile, [SimScreen("A"), SimScreen("B")])
        nav.seams.shouldPopItem.add(ShouldPopItemHook { _ in false })
        nav.tapBack()
        nav.runUntilIdle()
        #expect(nav.names == ["A", "B"])
    }

    @Test(arguments: IOSProfile.allCases)
    func r23_extensionOverrideIsNeverCalled(profile: IOSProfile) {
        let nav = navigation(profile, [SimScreen("A"), SimScreen("B")])
        var called = false
        nav.seams.shouldPopItem.add(
            ShouldPopItemHook(installation: .extensionOverride) { _ in
                called = true
                return false
            })
        nav.tapBack()
        nav.runUntilIdle()
        #expect(!called)
        #expect(nav.names == ["A"])
    }

    @Test func r24_gesturePopNeverConsultsShouldPop() {
        let nav = navigation([SimScreen("A"), SimScreen("B")])
        var called = false
        nav.seams.shouldPopItem.add(
            ShouldPopItemHook { _ in
                called = true
                return false
            })
        nav.swipeBack(progress: 0.7, release: .finish)
        nav.runUntilIdle()
        #expect(!called)
        #expect(nav.names == ["A"])
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R24"))
    }

    @Test func r25_backMenuPopsWithoutShouldPopAndDidPopFires() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let c = SimScreen("C")
        let nav = navigation(.ios14, [a, b, c])
        #expect(nav.backMenuDestinations().map(\.screenName) == ["B", "A"])
        var shouldPopCalled = false
        var didPops: [PopOperationKind] = []
        nav.seams.shouldPopItem.add(
            ShouldPopItemHook { _ in
                shouldPopCalled = true
                return false
            })
        nav.seams.popOperations.add(PopOperationHook(didPop: { didPops.append($0.kind) }))
        nav.chooseFromBackMenu(a)
        nav.runUntilIdle()
        #expect(nav.names == ["A"])
        #expect(!shouldPopCalled)
        #expect(didPops == [.popTo])
        // The backMenu seam filters; before iOS 14 there is no menu.
        let filtered = navigation(.ios16, [SimScreen("X"), SimScreen("Y"), SimScreen("Z")])
        filtered.seams.backMenu.add(BackMenuHook { request in Array(request.destinations.prefix(1)) })
        #expect(filtered.backMenuDestinations().map(\.screenName) == ["Y"])
        #expect(navigation(.ios13, [SimScreen("X"), SimScreen("Y")]).backMenuDestinations().isEmpty)
    }

    @Test(arguments: IOSProfile.allCases)
    func r26_backActionReplacesTheTapOnIOS16AndLater(profile: IOSProfile) {
        let nav = navigation(profile, [SimScreen("A"), SimScreen("B")])
        var taps = 0
        nav.seams.backAction.add(
            BackTapHook { _ in
                taps += 1
                return .handled
            })
        nav.tapBack()
        nav.runUntilIdle()
        let hasBackAction = profile.majorVersion >= 16
        #expect(taps == (hasBackAction ? 1 : 0))
        #expect(nav.names == (hasBackAction ? ["A", "B"] : ["A"]))
    }

    @Test(arguments: IOSProfile.allCases)
    func r27_privateBackButtonHookNotCalledOnIOS26(profile: IOSProfile) {
        let nav = navigation(profile, [SimScreen("A"), SimScreen("B")])
        var taps = 0
        nav.seams.privateBackButtonAction.add(
            BackTapHook { _ in
                taps += 1
                return .handled
            })
        nav.tapBack()
        nav.runUntilIdle()
        #expect(taps == (profile.majorVersion >= 26 ? 0 : 1))
        #expect(nav.names.count == (profile.majorVersion >= 26 ? 1 : 2))
    }

    @Test func r28_customLeftButtonRunsTheAppsActionOnly() {
        let a = SimScreen("A")
        let b = SimScreen("B", hasCustomBackButton: true)
        let nav = navigation(.ios17, [a, b])
        var shouldPopCalls = 0
        nav.seams.shouldPopItem.add(
            ShouldPopItemHook { _ in
                shouldPopCalls += 1
                return true
            })
        #expect(nav.backMenuDestinations().isEmpty)
        nav.tapBack()  // no action: nothing happens
        nav.runUntilIdle()
        #expect(nav.names == ["A", "B"])
        #expect(shouldPopCalls == 0)
        b.customBackAction = { [unowned nav] in nav.popViewController(animated: true) }
        nav.tapBack()
        nav.runUntilIdle()
        #expect(nav.names == ["A"])
        #expect(shouldPopCalls == 1)  // the app's code pop reaches the bar afterwards (R21)
    }
}

extension BackButtonRuleTests {
    @Test func r25_noMenuBeforeIOS14IsNotAnAttempt() {
        let a = SimScreen("A")
        let nav = navigation(.ios13, [a, SimScreen("B")])
        nav.chooseFromBackMenu(a)
        nav.runUntilIdle()
        #expect(nav.names == ["A", "B"])
        #expect(Detectors.analyze(nav.timeline).blockedPops == 0)
        // A hook withholding the menu on iOS 14+ blocks an unguarded pop.
        let guarded = navigation(.ios14, [a, SimScreen("B")])
        guarded.seams.backMenu.add(BackMenuHook { _ in [] })
        guarded.chooseFromBackMenu(a)
        guarded.runUntilIdle()
        #expect(Detectors.analyze(guarded.timeline).blockedPops == 1)
    }
}
