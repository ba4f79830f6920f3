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
        var shown: BarLookShown?
        var window: (kinds: Set<LookGlitchKind>, isModal: Bool, check: (BarLookShown) -> [LookGlitchKind])?
        var lastEndCancelled = false
        func close() {
            if let kinds = window?.kinds, !kinds.isEmpty {
                report.lookGlitches += 1
                for kind in kinds { report.lookGlitchKinds[kind, default: 0] += 1 }
            }
            window = nil
        }
        let events = timeline.events  // an index loop, as in `Detectors.analyze(_:)`
        for index in 0..<events.count {
            switch events[index].kind {
            case .barLook(.shown(let now)):
                shown = now
                // A transition's frames show both screens' parts; the look at rest after it (the
                // staying screen's after a cancel) is judged by the moment at rest.
                if now.overLeaving != nil || window?.isModal == true, let check = window?.check {
                    window?.kinds.formUnion(check(now))
                }
            case .barLook(.transition(_, let leaving, let arriving, let leavingHidden, let arrivingHidden)):
                close()
                let check = { (now: BarLookShown) in
                    transitionGlitches(now, leaving: leaving, arriving: arriving, leavingHidden, arrivingHidden)
                }
                // The bar's look at the transition's first frame follows (it always differs from
                // the one at rest: the leaving screen gets its part).
                window = ([], false, check)
            case .modalBegan:
                close()
                guard let before = shown else { continue }
                window = ([], true, { $0 == before ? [] : [.changedUnderModal] })
            case .transitionBegan:
                close()
                lastEndCancelled = false
            case .transitionEnded(_, let cancelled): lastEndCancelled = cancelled
            case .barLook(.rest(let top, let hidden, let covered)):
                close()
                guard !hidden, !covered, let shown, !isSteady(shown, showing: top) else { continue }
                if lastEndCancelled { report.wrongLookAfterCancel += 1 } else { report.wrongLookAtRest += 1 }
            case .idle: close()
            default: continue
            }
        }
        close()
    }

    // The comparisons below are written out (no `Optional.==`, `Set`, `contains` or
    // `allSatisfy`): a debug build runs those generic and unspecialized, and they ran for every
    // look the bar showed in a transition.

    private static func isSteady(_ shown: BarLookShown, showing look: NavigationBarLook) -> Bool {
        shown.overTop.isSteady(look.backgroundPart) && shown.foreground.isSteady(look.foregroundPart)
    }

    /// The glitches of one moment of a transition from `leaving` to `arriving`: each screen's part
    /// of the bar must show its own background (or UIKit's cross-fade between two opaque ones);
    /// the items may show either screen's tint and title, or a cross-fade of the two.
    private static func transitionGlitches(
        _ shown: BarLookShown, leaving: NavigationBarLook, arriving: NavigationBarLook, _ leavingHidden: Bool,
        _ arrivingHidden: Bool
    ) -> [LookGlitchKind] {
        var kinds: [LookGlitchKind] = []
        let own = (leaving.backgroundPart, arriving.backgroundPart)
        if !arrivingHidden, let kind = backgroundGlitch(shown.overTop, own: own.1, other: own.0) { kinds.append(kind) }
        if !leavingHidden, let over = shown.overLeaving, let kind = backgroundGlitch(over, own: own.0, other: own.1) {
            kinds.append(kind)
        }
        if !(leavingHidden && arrivingHidden) {
            // The tint is the one bar's (R130), written at once for the arriving screen while the
            // items' titles cross-fade (R102): each is judged on its own.
            let allowed = (leaving.foregroundPart.withoutTint, arriving.foregroundPart.withoutTint)
            func isAllowed(_ end: NavigationBarLook) -> Bool {
                let items = end.withoutTint
                return (items == allowed.0 || items == allowed.1)
                    && (sameTint(end.tint, leaving.tint) || sameTint(end.tint, arriving.tint))
            }
            if !isAllowed(shown.foreground.from) || !isAllowed(shown.foreground.to) { kinds.append(.flash) }
        }
        return kinds
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
        if shown.from != shown.to, own.isOpaque, other.isOpaque { return nil }  // UIKit's cross-fade (R102)
        return .bleed
    }
}

extension BlendedLook {
    /// `steady == look`, without the generic `Optional.==`.
    fileprivate func isSteady(_ look: NavigationBarLook) -> Bool { from == to && from == look }
}

extension NavigationBarLook {
    /// This look with no tint stated.
    fileprivate var withoutTint: NavigationBarLook {
        var look = self
        look.tint = nil
        return look
    }
}
