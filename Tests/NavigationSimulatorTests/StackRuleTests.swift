import NavigationHooks
import NavigationSimulator
import Testing

@MainActor
struct StackRuleTests {
    @Test func r01_animatedPushAndPopCallbackOrder() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let nav = navigation([a])
        var mark = nav.mark
        let frames = nav.timeline.frames.count
        nav.pushViewController(b, animated: true)
        nav.runUntilIdle()
        #expect(
            nav.timeline.callbacks(from: mark) == [
                "A.willDisappear", "B.willAppear", "A.didDisappear", "B.didAppear",
            ])
        #expect(nav.timeline.animatedFlags(from: mark).allSatisfy { $0 })
        #expect(nav.timeline.frames.count - frames == SimNavigationController.transitionFrames)
        mark = nav.mark
        nav.popViewController(animated: true)
        nav.runUntilIdle()
        #expect(
            nav.timeline.callbacks(from: mark) == [
                "B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear",
            ])
    }

    @Test func r02_stackAlreadyUpdatedInWillDisappearAndWillShow() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let nav = navigation([a])
        let delegate = RecordingDelegate()
        nav.delegate = delegate
        var seenInWillDisappear: [String] = []
        var seenInWillShow: [String] = []
        a.onViewWillDisappear = { [unowned nav] _ in seenInWillDisappear = nav.names }
        delegate.onWillShow = { [unowned nav] _ in seenInWillShow = nav.names }
        nav.pushViewController(b, animated: true)
        nav.runUntilIdle()
        #expect(seenInWillDisappear == ["A", "B"])
        #expect(seenInWillShow == ["A", "B"])
    }

    @Test func r03_nonAnimatedPushHasSameCallbacksAndNoFrames() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let nav = navigation([a])
        let mark = nav.mark
        let frames = nav.timeline.frames.count
        nav.pushViewController(b, animated: false)
        nav.runUntilIdle()
        #expect(
            nav.timeline.callbacks(from: mark) == [
                "A.willDisappear", "B.willAppear", "A.didDisappear", "B.didAppear",
            ])
        #expect(nav.timeline.animatedFlags(from: mark).allSatisfy { !$0 })
        #expect(nav.timeline.frames.count == frames)
        #expect(Detectors.analyze(nav.timeline).inferredRules.contains("R3"))
    }

    @Test func r04_popToRootOnlyTopGetsCallbacks() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let c = SimScreen("C")
        let nav = navigation([a, b, c])
        let mark = nav.mark
        nav.popToRootViewController(animated: true)
        nav.runUntilIdle()
        #expect(nav.names == ["A"])
        #expect(
            nav.timeline.callbacks(from: mark) == [
                "C.willDisappear", "A.willAppear", "C.didDisappear", "A.didAppear",
            ])
        #expect(
            nav.timeline.contains(from: mark) {
                if case .popped(let removed, .popToRoot, _) = $0 { return removed == ["C", "B"] }
                return false
            })
    }

    @Test func r05_setViewControllersThreeCases() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let c = SimScreen("C")
        let nav = navigation([a, b])
        // New top not in the stack: a push.
        var mark = nav.mark
        nav.setViewControllers([a, c], animated: true)
        nav.runUntilIdle()
        #expect(
            nav.timeline.callbacks(from: mark) == [
                "B.willDisappear", "C.willAppear", "B.didDisappear", "C.didAppear",
            ])
        // New top from below: a pop.
        nav.setViewControllers([a, b, c], animated: false)
        nav.runUntilIdle()
        mark = nav.mark
        nav.setViewControllers([a, b], animated: true)
        nav.runUntilIdle()
        #expect(
            nav.timeline.callbacks(from: mark) == [
                "C.willDisappear", "B.willAppear", "C.didDisappear", "B.didAppear",
            ])
        let pops = nav.timeline.events[mark...].filter {
            if case .transitionBegan(let s) = $0.kind { s.isPop } else { false }
        }
        #expect(pops.count == 1)
        // Same top: no transition, no appearance callbacks.
        mark = nav.mark
        nav.setViewControllers([b], animated: true)
        nav.runUntilIdle()
        #expect(nav.names == ["B"])
        #expect(nav.timeline.callbacks(from: mark).isEmpty)
        #expect(
            !nav.timeline.contains(from: mark) { if case .transitionBegan = $0 { true } else { false } })
    }

    @Test func r06_requestsDuringTransitionOrCallbackAreQueued() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let c = SimScreen("C")
        let d = SimScreen("D")
        let nav = navigation([a])
        nav.pushViewController(b, animated: true)
        nav.pushViewController(c, animated: true)  // during B's transition
        #expect(nav.names == ["A", "B"])
        #expect(
            nav.timeline.contains { if case .requestDeferred("push C") = $0 { true } else { false } })
        nav.runUntilIdle()
        #expect(nav.names == ["A", "B", "C"])
        // From inside a callback: deferred until the callback and the transition end.
        var stackSeenAfterRequest: [String] = []
        c.onViewDidAppear = nil
        d.onViewWillAppear = { [unowned nav] _ in
            nav.popToRootViewController(animated: true)
            stackSeenAfterRequest = nav.names
        }
        nav.pushViewController(d, animated: true)
        nav.runUntilIdle()
        #expect(stackSeenAfterRequest == ["A", "B", "C", "D"])
        #expect(nav.names == ["A"])
    }

    @Test func r07_pushWhileCoveredByModalHasNoAppearanceCallbacks() {
        let a = SimScreen("A")
        let b = SimScreen("B")
        let nav = navigation([a])
        let delegate = RecordingDelegate()
        nav.delegate = delegate
        nav.present(SimScreen("Modal"), style: .fullScreen)
        nav.runUntilIdle()
        let mark = nav.mark
        nav.pushViewController(b, animated: true)
        nav.runUntilIdle()
        #expect(nav.names == ["A", "B"])
        #expect(nav.timeline.callbacks(from: mark).isEmpty)
        #expect(!delegate.calls.contains("didShow B"))
    }
}
