import NavigationScenarios
import NavigationSimulator

/// Which step broke a failed `expect`: with several steps between two groups of `expect`
/// lines, the one after which the expectation last stopped holding, not merely the step right
/// before the line (so a file needs no `expect` after every step to be told where it went
/// wrong). The state is probed only inside such windows, after each of their steps but the
/// last, against the `expect` lines that close the window; a window of one step costs nothing.
struct ExpectWindow {
    /// The index of the step being performed.
    var current = -1
    /// The window: its first step and the `expect` group that closes it (`groupStart..<groupEnd`).
    var first = 0
    var groupStart = -1
    var groupEnd = -1
    /// For each `expect` of the group, in order (`breakingSteps[index - groupStart]`): the step
    /// that follows the last probe at which it held; -1 while it has not held. An array, not a
    /// dictionary by step index: a debug build's dictionary write cost ~1,900 instructions, and
    /// every probe writes one per `expect` that holds (callgrind of a bench worker).
    var breakingSteps: [Int] = []
    /// The timeline's event count when each of the window's steps began (windows of two or
    /// more steps only).
    var stepStarts: [Int] = []

    /// `true` when the window has two or more steps, so probing can tell them apart
    /// (`groupStart - first >= 2`). Stored, set with the window: `Play` reads it before and after
    /// every step, and a debug build copied the whole window (its arrays retained) to ask a
    /// computed property.
    var isProbed = false
}

extension Play {
    /// Before step `index`, which is not an `expect` line: opens a window at its first step.
    mutating func windowWillPerform(_ index: Int) {
        if window.groupStart < index {
            // The scenario finds it: a debug build's `steps[start].isExpectation` here copied
            // the whole step out for one flag.
            let group = scenario.expectationGroup(from: index)
            let (start, end) = (group.lowerBound, group.upperBound)
            window.first = index
            window.groupStart = start
            window.groupEnd = end
            window.isProbed = start - index >= 2
            window.breakingSteps.removeAll(keepingCapacity: true)
            for _ in start..<end { window.breakingSteps.append(-1) }
            window.stepStarts.removeAll(keepingCapacity: true)
            if window.isProbed { probe(breakingStep: index) }
        }
        if window.isProbed { window.stepStarts.append(nav.timeline.events.count) }
    }

    /// After step `index`: unless it is the window's last step, probes the group's `expect`
    /// lines; the step after it is the one that breaks an expectation that holds now.
    mutating func windowDidPerform(_ index: Int) {
        if window.isProbed, index + 1 < window.groupStart { probe(breakingStep: index + 1) }
    }

    mutating func probe(breakingStep: Int) {
        guard window.groupStart < window.groupEnd else { return }
        // The state does not change while the group is probed: read once, here. Neither a
        // method nor a computed property of `Play` is called but for `expect look`: in a debug
        // build each such call from this mutating method copied the whole `Play` (its scenario
        // included), and the probe runs after every step of a window.
        let screens = nav.viewControllers
        let barHidden = nav.isNavigationBarHidden
        let path: [String]? = isSwiftUI ? swiftUIDelegate.path : nil
        var sheetDismissed = false
        if case .some = sheetDismissal { sheetDismissed = true }  // not the generic `!= nil`
        let steps = scenario.steps
        var index = window.groupStart
        while index < window.groupEnd {
            let step = steps[index]
            // One switch on the action (`holds`): a debug build copies the action out for each.
            var held = Self.holds(
                step, screens: screens, barHidden: barHidden, path: path, sheetDismissed: sheetDismissed)
            if case .none = held, case .expectLook(let name) = step.action {
                held = lookFailure(step, screen: name) == nil
            }
            if case true? = held { window.breakingSteps[index - window.groupStart] = breakingStep }
            index += 1
        }
    }

    /// Whether the `expect` line `step` holds where the stack is `screens`: exactly when
    /// ``NavigationScenarios/ScenarioStep/expectationFailure(stack:barHidden:path:sheetDismissedAt:)``
    /// finds no failure, without building the failure's text or the stack's names; `nil` for
    /// `expect look` (``lookFailure(_:screen:)`` judges it, on the bar).
    static func holds(
        _ step: ScenarioStep, screens: [SimScreen], barHidden: Bool, path: [String]?, sheetDismissed: Bool
    ) -> Bool? {
        // One `switch`: each copies the action out in a debug build, and every probe asks.
        switch step.action {
        case .expectSheet(let expected):
            return expected == (sheetDismissed ? .dismissed : .presented)
        case .expectStack(let expected):
            guard !sheetDismissed, expected.count == screens.count else { return false }
            for index in 0..<screens.count where screens[index].screenName != expected[index] { return false }
            return true
        case .expectTop(let expected):
            return !sheetDismissed && !screens.isEmpty && screens[screens.count - 1].screenName == expected
        case .expectBar(let expected):
            return !sheetDismissed && barHidden == (expected == .hidden)
        case .expectPath(let expected):
            guard !sheetDismissed else { return false }
            guard let path else { return true }
            return path == expected
        case .expectLook:
            return nil
        default:
            return true
        }
    }

    /// The names of `screens` (the stack, root first), in order. An index loop: an `expect`
    /// step reads it, and a key path's `map` costs a generic projection per screen in a debug
    /// build. Static: a `Play` method called from a mutating one copies the whole `Play`.
    static func names(of screens: [SimScreen]) -> [String] {
        var names: [String] = []
        names.reserveCapacity(screens.count)
        for index in 0..<screens.count { names.append(screens[index].screenName) }
        return names
    }

    /// The step that broke the `expect` being performed, with the events it spans, when its
    /// window knows one; `nil`: the step right before the line.
    func breakingStep() -> (step: ScenarioStep, events: Range<Int>)? {
        let expect = window.current - window.groupStart
        guard window.isProbed, expect >= 0, expect < window.breakingSteps.count else { return nil }
        let index = window.breakingSteps[expect]
        guard index >= window.first, index < window.groupStart else { return nil }
        let offset = index - window.first
        guard offset < window.stepStarts.count else { return nil }
        let end = offset + 1 < window.stepStarts.count ? window.stepStarts[offset + 1] : nav.timeline.events.count
        return (scenario.steps[index], window.stepStarts[offset]..<end)
    }
}
