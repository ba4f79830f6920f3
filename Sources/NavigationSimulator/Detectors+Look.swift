import NavigationHooks

/// What went wrong with the bar's look in a transition or modal animation.
public enum LookGlitchKind: String, Sendable, Hashable, CaseIterable {
    /// A screen's part of the bar showed the other screen's background, or a cross-fade with a
    /// transparent or translucent end (the opaque colour fades in over a photo, the photo shows
    /// through an opaque bar). A cross-fade between two opaque backgrounds is UIKit's own and
    /// no glitch.
    case bleed
    /// A look neither screen wants showed (the app's default between two custom looks, a
    /// third screen's, a cleared background).
    case flash
    /// The look changed under a modal presented or dismissed over the stack.
    case changedUnderModal
}

extension Detectors {
    /// Counts the look metrics from the timeline's ``BarLookRecord``s: glitches per transition or
    /// modal window, wrong looks at rest, and wrong looks right after a cancelled swipe.
    static func countLooks(_ timeline: Timeline, into report: inout DetectorReport) {
        // An index loop through the buffer's base address, as in `Detectors.analyze(_:)`. The
        // pass's state in a value local to the loop (``LookPass``): variables a local function
        // captured were boxed, and each access checked at run time in a debug build.
        timeline.events.withUnsafeBufferPointer { events in
            guard let base = events.baseAddress else { return }
            var pass = LookPass()
            for index in 0..<events.count {
                if (base + index).pointee.detectorsSkip { continue }  // as in `analyze(_:)`
                switch (base + index).pointee.kind {
                case .barLook(.shown):
                    // The look is read where it is when asked: binding it copied the whole look out
                    // (twice, to keep it), and most are asked only within a window.
                    pass.shown = index
                    // A transition's frames show both screens' parts; the look at rest after it (the
                    // staying screen's after a cancel) is judged by the moment at rest.
                    if pass.windowKind != 0, case .barLook(.shown(let now)) = (base + index).pointee.kind {
                        var judged = pass.windowKind == 2
                        if case .some = now.overLeaving { judged = true }  // not the generic `!= nil`
                        if judged { pass.window?.judge(now) }
                    }
                case .barLook(.transition(_, let leaving, let arriving, let leavingHidden, let arrivingHidden)):
                    pass.close(into: &report)
                    // The bar's look at the transition's first frame follows (it always differs from
                    // the one at rest: the leaving screen gets its part).
                    pass.window = LookWindow(
                        transition: .init(
                            leaving: leaving, arriving: arriving, leavingHidden: leavingHidden,
                            arrivingHidden: arrivingHidden))
                    pass.windowKind = 1
                case .modalBegan:
                    pass.close(into: &report)
                    guard pass.shown >= 0, case .barLook(.shown(let before)) = (base + pass.shown).pointee.kind
                    else { continue }
                    pass.window = LookWindow(modalOver: before)
                    pass.windowKind = 2
                case .transitionBegan:
                    pass.close(into: &report)
                    pass.lastEndCancelled = false
                case .transitionEnded(_, let cancelled): pass.lastEndCancelled = cancelled
                case .barLook(.rest(let top, let hidden, let covered)):
                    pass.close(into: &report)
                    guard !hidden, !covered, pass.shown >= 0,
                        case .barLook(.shown(let shown)) = (base + pass.shown).pointee.kind,
                        !isSteady(shown, showing: top)
                    else { continue }
                    if pass.lastEndCancelled { report.wrongLookAfterCancel += 1 } else { report.wrongLookAtRest += 1 }
                case .idle: pass.close(into: &report)
                default: continue
                }
            }
            pass.close(into: &report)
        }
    }

    /// What ``countLooks(_:into:)`` keeps as it reads the events.
    private struct LookPass {
        /// The index of the last look shown; -1 before.
        var shown = -1
        /// The open window's judge and the kinds found in it. A value judged in place, not a
        /// closure and a `Set` per window: in a debug build the closure's context, its partial
        /// application and `Set.formUnion` of an array cost ~11,000 instructions per look shown
        /// in a transition (callgrind of the bench's worker).
        var window: LookWindow?
        /// What `window` is (0: none, 1: a transition's, 2: a modal's), kept beside it: each look
        /// shown asks, and a debug build copied the whole window (its looks) to bind it.
        var windowKind: UInt8 = 0
        var lastEndCancelled = false

        /// Counts the open window's glitches, if any, and closes it.
        mutating func close(into report: inout DetectorReport) {
            if let kinds = window?.kinds, kinds != 0 {
                report.lookGlitches += 1
                // Each kind found once per window, as the `Set` of kinds counted it.
                for kind in LookGlitchKind.allCases where kinds & LookWindow.bit(kind) != 0 {
                    report.lookGlitchKinds[kind, default: 0] += 1
                }
            }
            window = nil
            windowKind = 0
        }
    }

    /// A transition or modal window of ``countLooks(_:into:)``: what it judges each look by, and
    /// the kinds of glitch found so far (one bit per ``LookGlitchKind``).
    private struct LookWindow {
        /// The transition's judge; `nil` in a modal window.
        var transition: TransitionLooks?
        /// The look before the modal began; `nil` in a transition's window.
        var modalOver: BarLookShown?
        var kinds: UInt8 = 0

        init(transition: TransitionLooks) { self.transition = transition }
        init(modalOver: BarLookShown) { self.modalOver = modalOver }

        static func bit(_ kind: LookGlitchKind) -> UInt8 {
            switch kind {
            case .bleed: 1
            case .flash: 2
            case .changedUnderModal: 4
            }
        }

        /// Adds the glitches `now` shows.
        mutating func judge(_ now: BarLookShown) {
            // The transition's judge in place (it keeps what it found allowed): binding it copied
            // its looks.
            if case .some = transition {
                kinds = transition!.glitches(now, found: kinds)
            } else if let modalOver, !(now == modalOver) {
                kinds |= Self.bit(.changedUnderModal)
            }
        }
    }

    // The comparisons below are written out (no `Optional.==`, `Set`, `contains` or
    // `allSatisfy`): a debug build runs those generic and unspecialized, and they ran for every
    // look the bar showed in a transition.

    private static func isSteady(_ shown: BarLookShown, showing look: NavigationBarLook) -> Bool {
        shown.overTop.isSteady(look.backgroundPart) && shown.foreground.isSteady(look.foregroundPart)
    }

    /// A transition from `leaving` to `arriving`, the parts its looks are judged by taken once
    /// (they were taken again for each look the bar showed in it).
    private struct TransitionLooks {
        /// The two screens' own backgrounds (``NavigationBarLook/backgroundPart``).
        let leavingOwn: NavigationBarLook
        let arrivingOwn: NavigationBarLook
        /// The two screens' items without their tint, and their tints.
        let leavingItems: NavigationBarLook
        let arrivingItems: NavigationBarLook
        let leavingTint: BarColor?
        let arrivingTint: BarColor?
        let leavingHidden: Bool
        let arrivingHidden: Bool
        /// The ends of the last foreground found allowed (``itemsAllowed(_:)``): a cross-fade's
        /// next looks show the same two at another amount, judged the same by comparing them
        /// (two comparisons, where judging both ends cost ~2,800 instructions a look in a debug
        /// build). Equal looks (`==`, field by field) are judged the same: each end is compared
        /// field by field with the same looks.
        private var allowedFrom = NavigationBarLook.system
        private var allowedTo = NavigationBarLook.system
        private var hasAllowed = false

        init(leaving: NavigationBarLook, arriving: NavigationBarLook, leavingHidden: Bool, arrivingHidden: Bool) {
            (leavingOwn, arrivingOwn) = (leaving.backgroundPart, arriving.backgroundPart)
            (leavingItems, arrivingItems) = (leaving.foregroundPart.withoutTint, arriving.foregroundPart.withoutTint)
            (leavingTint, arrivingTint) = (leaving.tint, arriving.tint)
            (self.leavingHidden, self.arrivingHidden) = (leavingHidden, arrivingHidden)
        }

        /// The glitches `found` so far in the transition's window with those of one moment of
        /// it (``LookWindow/bit(_:)``): each screen's part of the bar must show its own
        /// background (or UIKit's cross-fade between two opaque ones); the items may show either
        /// screen's tint and title, or a cross-fade of the two.
        ///
        /// A window counts each kind once: a kind already found is not looked for again, and
        /// with both found nothing more is (~5,000 instructions a look in a debug build).
        mutating func glitches(_ shown: BarLookShown, found: UInt8) -> UInt8 {
            let flash = LookWindow.bit(.flash)
            let both = LookWindow.bit(.bleed) | flash
            var kinds = found
            if kinds & both == both { return kinds }
            if !arrivingHidden, let kind = backgroundGlitch(shown.overTop, own: arrivingOwn, other: leavingOwn) {
                kinds |= LookWindow.bit(kind)
            }
            if !leavingHidden, kinds & both != both, let over = shown.overLeaving,
                let kind = backgroundGlitch(over, own: leavingOwn, other: arrivingOwn)
            {
                kinds |= LookWindow.bit(kind)
            }
            if kinds & flash == 0, !(leavingHidden && arrivingHidden), !itemsAllowed(shown.foreground) {
                kinds |= flash
            }
            return kinds
        }

        /// `true` when both ends of the items' look are allowed. The tint is the one bar's
        /// (R130), written at once for the arriving screen while the items' titles cross-fade
        /// (R102): each is judged on its own.
        private mutating func itemsAllowed(_ foreground: BlendedLook) -> Bool {
            if hasAllowed, foreground.from == allowedFrom, foreground.to == allowedTo { return true }
            if !isAllowed(foreground.from) { return false }
            // A steady foreground's `to` is a copy of its `from` (an amount of 0, ``BlendedLook``):
            // judged once.
            if foreground.amount != 0, !isAllowed(foreground.to) { return false }
            allowedFrom = foreground.from
            allowedTo = foreground.to
            hasAllowed = true
            return true
        }

        private func isAllowed(_ end: NavigationBarLook) -> Bool {
            let items = end.withoutTint
            return (items == leavingItems || items == arrivingItems)
                && (sameTint(end.tint, leavingTint) || sameTint(end.tint, arrivingTint))
        }
    }

    private static func sameTint(_ lhs: BarColor?, _ rhs: BarColor?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let lhs?, let rhs?): lhs == rhs
        default: false
        }
    }

    private static func backgroundGlitch(_ shown: BlendedLook, own: NavigationBarLook, other: NavigationBarLook)
        -> LookGlitchKind?
    {
        if shown.isSteady(own) { return nil }
        // Both ends are one of the two screens' backgrounds.
        guard shown.from == own || shown.from == other, shown.to == own || shown.to == other else { return .flash }
        // A cross-fade has an amount above 0 (its `from != to`; `from` equals itself, being one
        // of the two looks).
        if shown.amount != 0, own.isOpaque, other.isOpaque { return nil }  // UIKit's cross-fade (R102)
        return .bleed
    }
}

extension NavigationBarLook {
    /// This look with no tint stated.
    fileprivate var withoutTint: NavigationBarLook {
        var look = self
        look.tint = nil
        return look
    }
}
