import NavigationHooks
import NavigationRecording
import Testing

/// The UIKit host's look code, moved into plain types (issue 38, section 2), against what UIKit
/// and HBDNavigationBar do as their sources give it, not against the model.
@MainActor
struct HostBarLookTests {
    static let white = NavigationBarLook(background: .transparent, shadowHidden: true, tint: .white)
    static let blue = BarColor(red: 0, green: 0.48, blue: 1)
    static let details = NavigationBarLook(background: .color(.white), tint: blue)

    // MARK: Finding 1, R150: the tint of the one bar

    /// HBDNavigationBar's writes (`HBDNavigationController.m`): `willShow` writes the tint of
    /// the `viewController` it is given (the screen on top) with
    /// `updateNavigationBarAnimatedForViewController:`, and on a cancelled swipe
    /// `updateNavigationBarForViewController:from`. The core calls a strategy for the arriving
    /// screen, then the leaving one (`BarLookActivation`); played in that order on one shared
    /// `tintColor`, the bar must end with HBD's tint, never the leaving screen's.
    @Test func r150_theBarEndsWithTheTintOfTheScreenOnTopAsHBDWritesIt() {
        struct Step {
            var arriving: NavigationBarLook
            var leaving: NavigationBarLook
            var hbdTint: BarColor?
        }
        // The README's Photo -> Details example and its way back.
        let steps = [
            Step(arriving: Self.details, leaving: Self.white, hbdTint: Self.blue),
            Step(arriving: Self.white, leaving: Self.details, hbdTint: .white),
        ]
        for step in steps {
            var tint: BarColor?
            var oldOrderTint: BarColor?
            for (look, isTop) in [(step.arriving, true), (step.leaving, false)] {
                let writes = ScreenBarWrites.plan(
                    stated: look, app: .system, mode: .screenBackground, isTop: isTop, isViewLoaded: true)
                if case .color(let color) = writes.tint { tint = color }
                oldOrderTint = look.tint  // main at be93f32: every set wrote the tint
            }
            #expect(tint == step.hbdTint)
            #expect(oldOrderTint != step.hbdTint)  // the finding: white on white after Photo -> Details
        }
    }

    /// A screen below the top that changes its look (a fading header under a pushed screen)
    /// leaves the bar's tint alone; the top one writes it; a top screen without a look puts the
    /// bar's own tint back (R152), instead of keeping the previous screen's (R100's leak).
    @Test func r150_onlyTheTopScreenWritesTheTint() {
        for mode in [ScreenBarWrites.Mode.itemAppearance, .screenBackground] {
            let below = ScreenBarWrites.plan(
                stated: Self.details, app: .system, mode: mode, isTop: false, isViewLoaded: true)
            #expect(below.tint == .leave)
            let top = ScreenBarWrites.plan(
                stated: Self.details, app: .system, mode: mode, isTop: true, isViewLoaded: true)
            #expect(top.tint == .color(Self.blue))
            let noLook = ScreenBarWrites.plan(stated: nil, app: .system, mode: mode, isTop: true, isViewLoaded: true)
            #expect(noLook.tint == .barsOwn)
        }
    }

    /// HBDNavigationBar's `blendColor`: `from + (to - from) * fminf(1, percent * 4)` per
    /// component, fed the coordinator's `percentComplete` from its pop recognizer's target.
    @Test func r150_theTintBlendsAsHBDsBlendColorWhileTheFingerDrives() {
        let from = BarColor.white
        let to = BarColor(red: 0, green: 0.4, blue: 0.8, alpha: 0.6)
        func hbd(_ start: Double, _ end: Double, _ percent: Double) -> Double {
            start + (end - start) * min(1, percent * 4)
        }
        for percent in [0, 0.05, 0.125, 0.2, 0.25, 0.6, 1] {
            let blended = BarTintBlend.blended(from: from, to: to, progress: percent)
            #expect(abs(blended.red - hbd(1, 0, percent)) < 1e-9)
            #expect(abs(blended.green - hbd(1, 0.4, percent)) < 1e-9)
            #expect(abs(blended.blue - hbd(1, 0.8, percent)) < 1e-9)
            #expect(abs(blended.alpha - hbd(1, 0.6, percent)) < 1e-9)
        }
        #expect(BarTintBlend.blended(from: from, to: to, progress: .nan) == from)
    }

    // MARK: Finding 2, R151: the background's frame

    /// HBDNavigationBar's `fakeBarFrameForViewController:` on a screen whose view fills the
    /// navigation controller's: `(0, 0, bar width, navigationBar.frame.maxY)`, taken from the
    /// bar's frame in its superview; in a page sheet (the navigation controller's view 50 pt
    /// down the window, no status bar in it) that is the bar's 56 pt, not the 106 pt a height in
    /// window coordinates gives (main at be93f32).
    @Test func r151_aPlainViewAndASheetAsHBDPlacesThem() {
        let phone = BarBackgroundFrame.placing(
            .init(barMinY: 47, barHeight: 44, screenViewTop: 0, screenViewWidth: 390))
        #expect(phone == BarBackgroundFrame(x: 0, y: 0, width: 390, height: 91))
        let sheetWindowOffset = 50.0
        let sheet = BarBackgroundFrame.placing(.init(barMinY: 0, barHeight: 56, screenViewTop: 0, screenViewWidth: 390))
        #expect(sheet?.height == 56)
        #expect(sheet?.height != sheetWindowOffset + 56)
    }

    /// HBDNavigationBar: a view shorter than the navigation controller's (one that does not
    /// extend under the bar, `edgesForExtendedLayout` without `.top`) gets
    /// `CGRectMake(0, -height, width, height)`: above its bounds.
    @Test func r151_aViewThatDoesNotExtendUnderTheBarGetsItAboveItsBounds() {
        let frame = BarBackgroundFrame.placing(
            .init(barMinY: 47, barHeight: 44, screenViewTop: 91, screenViewWidth: 390))
        #expect(frame == BarBackgroundFrame(x: 0, y: -91, width: 390, height: 91))
    }

    /// HBDNavigationBar's scroll-view root (`UITableViewController`): at its top it sets
    /// `frame.origin.y = -(isIPhoneX ? 88 : 64)`, the adjusted inset UIKit gives the content;
    /// UIKit's documentation of `UIScrollView` puts the visible top at `bounds.origin`
    /// (`contentOffset`), so while the content scrolls the background must follow it (main at
    /// be93f32 left it as content: it scrolled away).
    @Test func r151_aScrollViewRootFollowsTheVisibleTop() {
        for (barMinY, hbdHeight) in [(20.0, 64.0), (44, 88)] {
            let atTop = BarBackgroundFrame.placing(
                .init(
                    barMinY: barMinY, barHeight: 44, screenViewTop: 0, boundsOriginY: -hbdHeight,
                    screenViewWidth: 375))
            #expect(atTop?.y == -hbdHeight)
            #expect(atTop?.height == hbdHeight)
            let scrolled = BarBackgroundFrame.placing(
                .init(
                    barMinY: barMinY, barHeight: 44, screenViewTop: 0, boundsOriginY: 300 - hbdHeight,
                    screenViewWidth: 375))
            #expect(scrolled?.y == 300 - hbdHeight)  // pinned to the visible top
        }
    }

    /// Rotation and a large title change the bar's frame, and the frame follows: iPhone landscape
    /// (no status bar, a 32 pt bar, the width of the long side), a large title (96 pt) and its
    /// collapse (44 pt). The bar hidden: nothing to draw. HBD's hairline: `maxY - hairline`.
    @Test func r151_rotationLargeTitlesAndTheHairline() {
        let landscape = BarBackgroundFrame.placing(
            .init(barMinY: 0, barHeight: 32, screenViewTop: 0, screenViewWidth: 844))
        #expect(landscape == BarBackgroundFrame(x: 0, y: 0, width: 844, height: 32))
        let large = BarBackgroundFrame.placing(
            .init(barMinY: 47, barHeight: 96, screenViewTop: 0, screenViewWidth: 390))
        let collapsed = BarBackgroundFrame.placing(
            .init(barMinY: 47, barHeight: 44, screenViewTop: 0, screenViewWidth: 390))
        #expect(large?.height == 143)
        #expect(collapsed?.height == 91)
        #expect(
            BarBackgroundFrame.placing(
                .init(barMinY: 47, barHeight: 44, screenViewTop: 0, screenViewWidth: 390, isBarHidden: true)) == nil)
        #expect(
            collapsed?.shadow(hairline: 1.0 / 3)
                == BarBackgroundFrame(x: 0, y: 91 - 1.0 / 3, width: 390, height: 1.0 / 3))
        #expect(
            BarBackgroundFrame.placing(.init(barMinY: .nan, barHeight: 44, screenViewTop: 0, screenViewWidth: 1)) == nil
        )
    }

    // MARK: Finding 4, R153: no view loaded for a look

    /// `UIViewController.view`'s documentation: "If you access this property when its value is
    /// nil, the view controller automatically calls the loadView() method". A screen whose view
    /// is not loaded gets its item appearance (no view needed) and its background later.
    @Test func r153_anUnloadedViewGetsItsBackgroundLater() {
        let writes = ScreenBarWrites.plan(
            stated: Self.details, app: .system, mode: .screenBackground, isTop: false, isViewLoaded: false)
        #expect(writes.background == .later)
        var itemLook = Self.details
        itemLook.background = .transparent
        #expect(writes.item == .look(itemLook))
        let loaded = ScreenBarWrites.plan(
            stated: Self.details, app: .system, mode: .screenBackground, isTop: false, isViewLoaded: true)
        #expect(loaded.background == .place(Self.details))
    }

    // MARK: Finding 6, R152: no look, UIKit's own bar

    /// `UINavigationBar.scrollEdgeAppearance`'s documentation: with none set, the bar at the
    /// scroll edge uses the standard appearance "modified to use a transparent background"
    /// (R103): only an item without appearances of the host's keeps that, and the system
    /// material, for a screen that states no look, in both modes.
    @Test func r152_aScreenWithoutALookKeepsUIKitsOwnBar() {
        let app = NavigationBarLook(background: .color(.black), tint: .white)
        for mode in [ScreenBarWrites.Mode.itemAppearance, .screenBackground] {
            let writes = ScreenBarWrites.plan(stated: nil, app: app, mode: mode, isTop: false, isViewLoaded: true)
            #expect(writes == ScreenBarWrites(item: .uikits, background: .none, tint: .leave))
        }
    }

    /// What SwiftUI's `toolbarBackground` produces (the model helper's `setItemStandardLook`):
    /// the standard appearance only, so `UINavigationBar.scrollEdgeAppearance`'s documented
    /// fallback (the standard one "modified to use a transparent background") applies at the
    /// scroll edge; the tint as for the other modes.
    @Test func r152_theStandardOnlyModeLeavesTheScrollEdgeToUIKit() {
        let writes = ScreenBarWrites.plan(
            stated: Self.details, app: .system, mode: .itemStandardAppearance, isTop: true, isViewLoaded: false)
        #expect(
            writes == ScreenBarWrites(item: .standardOnly(Self.details), background: .none, tint: .color(Self.blue)))
    }

    // MARK: Finding 5, R154: removal puts back what was there

    /// The world without the strategy is the oracle: items and the tint as they were before the
    /// first write come back, only once each, and a screen that went is not kept alive.
    @Test func r154_theLedgerGivesBackWhatWasThereBeforeTheFirstWrite() {
        final class Screen {}
        let ledger = BarWriteLedger<Screen, String, String>()
        let first = Screen()
        var second: Screen? = Screen()
        ledger.noteItemWrite(first) { "app's appearance" }
        ledger.noteItemWrite(first) { "the host's own, written since" }
        ledger.noteItemWrite(second!) { "none" }
        ledger.noteTintWrite { nil }
        ledger.noteTintWrite { "the host's blue" }
        #expect(ledger.savedItem(of: first) == "app's appearance")
        weak let gone = second
        second = nil
        #expect(gone == nil)
        let taken = ledger.takeAll()
        #expect(taken.items.map(\.1) == ["app's appearance"])
        #expect(taken.barTint.written && taken.barTint.color == nil)  // the bar had none: inherited
        #expect(ledger.takeAll().items.isEmpty && !ledger.barTintBefore.written)
    }

    // MARK: Finding 7, R156: a library pop recognizer released

    /// FDFullscreenPopGesture keeps the system edge recognizer disabled (its `pushViewController`
    /// sets `interactivePopGestureRecognizer.enabled = NO` every time), so its pan keeps
    /// qualifying (R71); an app's side-menu pan taken while the app had the edge swipe off stops
    /// qualifying once the edge swipe is on again and is released, after its running gesture.
    @Test func r156_aRecognizerThatNoLongerQualifiesIsReleased() {
        let fdPan = LibraryPopRecognizerCandidate(
            isPan: true, isUIKitsOwn: false, isEnabled: true, isSystemEdgeRecognizerEnabled: false)
        let sideMenuEdgeOn = LibraryPopRecognizerCandidate(
            isPan: true, isUIKitsOwn: false, isEnabled: true, isSystemEdgeRecognizerEnabled: true)
        #expect(fdPan.drivesPop && !sideMenuEdgeOn.drivesPop)
        let qualifying = [("fd", fdPan), ("menu", sideMenuEdgeOn)].filter { $0.1.drivesPop }.map(\.0)
        let plan = LibraryPopAdoption.refresh(held: ["fd", "menu"], qualifying: qualifying, inGesture: [])
        #expect(plan == LibraryPopAdoption(adopt: [], release: ["menu"]))
        let mid = LibraryPopAdoption.refresh(held: ["fd", "menu"], qualifying: qualifying, inGesture: ["menu"])
        #expect(mid.release.isEmpty)
        let first = LibraryPopAdoption.refresh(held: [], qualifying: ["fd"], inGesture: [])
        #expect(first == LibraryPopAdoption(adopt: ["fd"], release: []))
    }

    // MARK: Finding 9, R157: the vertical bar's custom back item

    /// `UIBarButtonItem.AxisBehavior` (R124): only an item that stands in for the back button
    /// moves into the vertical bar; a "Close" item does not; an item the host moved goes back to
    /// `.automatic` when it stops qualifying; one the app changed since is left as it is.
    @Test func r157_onlyAStandInForTheBackButtonIsMovedAndItIsGivenBack() {
        func candidate(
            standsIn: Bool = true, count: Int = 1, root: Bool = false, automatic: Bool = true, adopted: Bool = false,
            vertical: Bool = false
        ) -> VerticalBarBackItem.Candidate {
            VerticalBarBackItem.Candidate(
                isRoot: root, supplementsBackButton: false, leftItemCount: count, standsInForBackButton: standsIn,
                isAutomatic: automatic, adoptedByHost: adopted, isVerticalPreferred: vertical)
        }
        #expect(VerticalBarBackItem.action(for: candidate()) == .adopt)
        #expect(VerticalBarBackItem.action(for: candidate(standsIn: false)) == .leave)  // "Close", "Menu"
        #expect(VerticalBarBackItem.action(for: candidate(root: true)) == .leave)
        #expect(VerticalBarBackItem.action(for: candidate(count: 2)) == .leave)
        #expect(VerticalBarBackItem.action(for: candidate(automatic: false)) == .leave)  // the app's own choice
        #expect(
            VerticalBarBackItem.action(for: candidate(automatic: false, adopted: true, vertical: true)) == .leave)
        #expect(
            VerticalBarBackItem.action(for: candidate(count: 2, automatic: false, adopted: true, vertical: true))
                == .restore)
        #expect(VerticalBarBackItem.action(for: candidate(automatic: false, adopted: true)) == .forget)
    }

    // MARK: Finding 10, R158: the snapshot after a cancelled swipe

    /// A cancelled swipe settles inside the cancelled transition's completion, where UIKit still
    /// returns that coordinator (`transitionCoordinator` is the running transition's until it
    /// has finished): the recorder takes its snapshot at the host's `settled`, not when no
    /// transition seems to run.
    @Test func r158_theSnapshotIsTakenAtSettledWhileTheCoordinatorIsStillThere() throws {
        let host = TestHost("List", "Editor")
        host.reportsToObserver = true
        let recorder = NavigationRecorder()
        try recorder.attach(to: host)
        host.transitionCoordinator = RunningTransition()
        host.report(.userInput(.swipe(.edge, progress: 0.4, finished: false)))
        host.report(.settled)
        #expect(recorder.navFile.hasSuffix("expect stack TestScreen TestScreen2\nexpect bar visible\n"))
        recorder.detach()
    }
}
