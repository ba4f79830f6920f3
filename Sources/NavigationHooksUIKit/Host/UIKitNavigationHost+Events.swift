#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import UIKit

/// The host's side of every mechanism: each method turns one UIKit callback into one seam
/// event, runs that seam's hooks inside ``UIKitNavigationHost/handlingEvent(_:)``, and
/// returns what they decided. No policy here; the plugins decide.
extension UIKitNavigationHost {
    // MARK: Navigation delegate (R8–R11)

    func navigationControllerWillShow(_ viewController: UIViewController, animated: Bool) {
        guard let navigationController else { return }
        noteShown(viewController)
        refreshStackDecorations()
        if !popGestureProxies.isEmpty { installPopGestureProxies() }  // a replaced recognizer
        if recording != nil { reportStackChange(animated: animated) }
        let hooks = seams.navigationDelegate.hooks
        guard !hooks.isEmpty else { return }
        let leaving = navigationController.transitionCoordinator?.viewController(forKey: .from)
        let context = ShowContext(
            host: self, arriving: viewController, leaving: leaving === viewController ? nil : leaving,
            animated: animated)
        handlingEvent {
            for hook in hooks { hook.willShow?(context) }
        }
    }

    func navigationControllerDidShow(_ viewController: UIViewController, animated: Bool) {
        // Items may have changed since willShow (`hidesBackButton` or left items set in
        // `viewWillAppear`, a SwiftUI toolbar): `backAction` follows them (R26, UINavigationItem.h:
        // a `backAction` where no back button is present makes UIKit synthesize one).
        refreshStackDecorations()
        defer { if recording != nil { reportDidShow() } }
        let hooks = seams.navigationDelegate.hooks
        guard !hooks.isEmpty else { return }
        let context = ShowContext(
            host: self, arriving: viewController, leaving: nil, animated: animated)
        handlingEvent {
            for hook in hooks { hook.didShow?(context) }
        }
    }

    /// Re-applies what the back-button and back-menu seams put on navigation items and the
    /// ⌘[ seam on screens (R78), and re-checks the pop recognizers (they may not exist before the view loads).
    /// With any plugin installed, keeps custom back items reachable in the 27.1 vertical bar (R124);
    /// with none, gives back what that changed (R157).
    func refreshStackDecorations() {
        if hooks.installations.isEmpty { restoreVerticalBarItems() } else { keepCustomBackItemsReachable() }
        if !seams.backAction.isEmpty { applyBackActions() }
        if !seams.backMenu.isEmpty { applyBackMenuItems() }
        if !seams.responderKeyCommand.isEmpty { applyScreenKeyCommands() }
        if !seams.popGesture.isEmpty { installPopGestureProxies() }
        if !seams.interactivePop.isEmpty { installInteractivePopObserver() }
    }

    // MARK: Back button (R26, R27)

    /// Runs `hooks` for a tap on the top screen's back button.
    func runBackTapHooks(_ hooks: [BackTapHook], screen: UIViewController) -> BackTapOutcome {
        let event = BackTapEvent(host: self, screen: screen)
        return handlingEvent {
            for hook in hooks where hook.onTap(event) == .handled { return .handled }
            return .pass
        }
    }

    /// The private hook saw a tap (R27).
    func privateBackButtonTapped() -> BackTapOutcome {
        let hooks = seams.privateBackButtonAction.hooks
        guard !hooks.isEmpty, let top = navigationController?.topViewController else {
            return .pass
        }
        reportUserInput(.tapBack)
        return runBackTapHooks(hooks, screen: top)
    }

    /// Our `backAction` ran (R26). On `.pass` the host does what the system back
    /// button does: ask `navigationBar(_:shouldPop:)`'s hooks as a button pop (the screen is
    /// still on top, R21), then pop.
    func backActionTapped(on viewController: UIViewController) {
        reportUserInput(.tapBack)
        let outcome = runBackTapHooks(seams.backAction.hooks, screen: viewController)
        guard outcome == .pass, let navigationController,
            navigationController.topViewController === viewController,
            shouldPopItem(viewController.navigationItem)
        else { return }
        navigationController.popViewController(animated: true)
    }

    // MARK: navigationBar(_:shouldPop:) (R21–R23)

    /// `false` when a hook keeps `item`. Only `.classImplementation` hooks are called (R23).
    func shouldPopItem(_ item: UINavigationItem) -> Bool {
        let hooks = seams.shouldPopItem.hooks.filter { $0.installation == .classImplementation }
        guard !hooks.isEmpty, let screen = screen(owning: item) else { return true }
        // R21: the bar's items outnumber the stack only during a code pop; otherwise the user
        // tapped back (reported once, if backAction or the private hook did not already).
        if let state = recording, !state.userInputPending, navigationBarItemCount <= screens.count {
            reportUserInput(.tapBack)
        }
        let call = ShouldPopItemCall(host: self, item: screen)
        return handlingEvent { hooks.allSatisfy { $0.shouldPop(call) } }
    }

    // MARK: Back menu (R25)

    /// The menu UIKit wants on `item` (a back item this host installed), as the long press
    /// will show it. UIKit assigns it when the screen above is shown (R37), so nothing is
    /// decided here: the back-menu hooks' `filter` may drop destinations (none of this
    /// package's plugins do), and when any hook has `shouldPick`, every row is rebuilt so
    /// that picking it asks them first (``backMenuPicked(_:)``). A row is titled as UIKit
    /// titles it (the screen's `backButtonTitle` or title), with the screen's name where it
    /// has none (never blank), and keeps the image of UIKit's row of the same title.
    /// `nil` (withheld) when no destination is left.
    func backMenu(filtering systemMenu: UIMenu?, for item: UIBarButtonItem) -> UIMenu? {
        let hooks = seams.backMenu.hooks
        guard !hooks.isEmpty, let navigationController,
            let ownerIndex = navigationController.viewControllers.firstIndex(where: {
                $0.navigationItem.backBarButtonItem === item
            })
        else { return systemMenu }
        let destinations = Array(navigationController.viewControllers[...ownerIndex].reversed())
        var kept: [any NavigationScreen] = destinations
        handlingEvent {
            for hook in hooks { kept = hook.filter(BackMenuRequest(host: self, destinations: kept)) }
        }
        let keptControllers = kept.compactMap { $0 as? UIViewController }
        if keptControllers.isEmpty { return nil }
        let keepsAll =
            keptControllers.count == destinations.count
            && zip(keptControllers, destinations).allSatisfy({ $0 === $1 })
        let decidesAtPick = hooks.contains { $0.shouldPick != nil }
        if keepsAll && !decidesAtPick { return systemMenu }
        let systemRows = systemMenu?.children ?? []
        let actions = keptControllers.map { destination -> UIAction in
            let title = Self.menuTitle(of: destination)
            let image = systemRows.first { $0.title == title }?.image  // UIKit's row for this screen
            return UIAction(title: title, image: image) { [weak self, weak destination] _ in
                guard let self, let destination else { return }
                self.backMenuPicked(destination)
            }
        }
        return UIMenu(title: systemMenu?.title ?? "", children: actions)
    }

    /// A back-menu row was picked (R37): the hooks' `shouldPick` decide now; on yes, a pop to
    /// `destination` (R25).
    func backMenuPicked(_ destination: UIViewController) {
        guard let navigationController, navigationController.viewControllers.contains(destination) else { return }
        reportUserInput(.backMenu(destination: destination))
        let pick = BackMenuPick(host: self, destination: destination)
        let allowed = handlingEvent {
            seams.backMenu.hooks.allSatisfy { $0.shouldPick?(pick) ?? true }
        }
        guard allowed else { return }
        popToViewController(destination, animated: true)
    }

    /// The title a back button shows for `viewController` (its `backButtonTitle`, else its
    /// title), or `nil` when the screen's `backButtonDisplayMode` is not `.default`: a title on
    /// the back item would override `.generic` (UINavigationItem.h), and an empty one, the old
    /// way to get a bare chevron, blanks the screen's row in UIKit's back menu (element-ios
    /// #5971, woocommerce-ios #3632, QMUI #1063).
    static func backTitle(of viewController: UIViewController) -> String? {
        let item = viewController.navigationItem
        if #available(iOS 14.0, *), item.backButtonDisplayMode != .default { return nil }
        return item.backButtonTitle ?? item.title ?? viewController.title
    }

    /// A back-menu row's title for `viewController`: never blank (falls back to the screen's name).
    static func menuTitle(of viewController: UIViewController) -> String {
        let title =
            viewController.navigationItem.backButtonTitle ?? viewController.navigationItem.title
            ?? viewController.title
        if let title, !title.isEmpty { return title }
        return viewController.screenName
    }

    // MARK: Pop gestures (R15–R19)

    /// The hooks' answer to `gestureRecognizerShouldBegin(_:)`, given the previous
    /// delegate's (R35), or `nil` for none.
    func popGestureShouldBegin(_ kind: PopGestureKind, previousAnswer: Bool?) -> Bool? {
        let hooks = seams.popGesture.hooks
        guard !hooks.isEmpty else { return nil }
        let event = PopGestureEvent(host: self, kind: kind, previousAnswer: previousAnswer)
        return handlingEvent {
            for hook in hooks {
                if let answer = hook.shouldBegin?(event) { return answer }
            }
            return nil
        }
    }

    /// The answer to whether a touch or event may reach the recognizer, given the previous
    /// delegate's (R34, R70): ``NavigationHooks/PopGestureHook/receiveAnswer(of:for:)``.
    func popGestureShouldReceive(_ kind: PopGestureKind, previousAnswer: Bool?) -> Bool {
        let hooks = seams.popGesture.hooks
        guard !hooks.isEmpty else { return previousAnswer ?? true }
        let event = PopGestureEvent(host: self, kind: kind, previousAnswer: previousAnswer)
        return handlingEvent { PopGestureHook.receiveAnswer(of: hooks, for: event).answer }
    }

    /// The hooks' answer to `shouldBeRequiredToFailBy` a horizontal scroll view's pan (R18).
    func popGestureRequiredToFailByScrollView(_ kind: PopGestureKind) -> Bool? {
        let hooks = seams.popGesture.hooks
        guard !hooks.isEmpty else { return nil }
        let event = PopGestureEvent(host: self, kind: kind)
        return handlingEvent {
            for hook in hooks {
                if let answer = hook.shouldBeRequiredToFailByScrollView?(event) { return answer }
            }
            return nil
        }
    }

    // MARK: Appearance (R1, R12, R13)

    func reportAppearance(
        of viewController: UIViewController, phase: AppearancePhase, animated: Bool
    ) {
        let hooks = seams.appearance.hooks
        guard !hooks.isEmpty else { return }
        noteShown(viewController)
        let event = AppearanceEvent(
            host: self, screen: viewController, phase: phase, animated: animated)
        handlingEvent {
            for hook in hooks { hook.onAppearance(event) }
        }
    }

    // MARK: Pop operations (R4, R5, R12)

    /// Records the screens about to leave and runs `willPop`; returns the event when
    /// `didPop` hooks are to follow.
    func willPerformPopOperation(
        _ kind: PopOperationKind, removed: [UIViewController], animated: Bool, keepsTop: Bool
    ) -> PopOperationEvent? {
        recentlyRemoved = removed.map { WeakScreen(screen: $0) }
        let hooks = seams.popOperations.hooks
        guard !hooks.isEmpty else { return nil }
        let event = PopOperationEvent(
            host: self, kind: kind, removed: removed, animated: animated,
            isInteractive: isPopGestureBeginning, keepsTop: keepsTop)
        handlingEvent {
            for hook in hooks { hook.willPop?(event) }
        }
        return event
    }

    /// Runs `didPop` when the transition completes, not when it is cancelled; at once when
    /// there is no transition (non-animated, or not in a window, R7).
    func didPerformPopOperation(_ event: PopOperationEvent) {
        let runDidPop: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            let hooks = self.seams.popOperations.hooks
            self.handlingEvent {
                for hook in hooks { hook.didPop?(event) }
            }
        }
        if let coordinator = navigationController?.transitionCoordinator {
            _ = coordinator.animate(alongsideTransition: nil) { context in
                if !context.isCancelled { runDidPop() }
            }
        } else {
            runDidPop()
        }
    }

    /// `true` while a pop recognizer is in `.began`: the pop UIKit starts now is a swipe (R12).
    var isPopGestureBeginning: Bool {
        popRecognizers().contains { $0.recognizer.state == .began }
    }

    /// `interactiveContentPopGestureRecognizer` (iOS 26, R19), if this iOS has it.
    static func contentPopGestureRecognizer(of navigationController: UINavigationController) -> UIGestureRecognizer? {
        let selector = NSSelectorFromString("interactiveContentPopGestureRecognizer")
        guard navigationController.responds(to: selector),
            let value = navigationController.perform(selector)?.takeUnretainedValue()
        else { return nil }
        return value as? UIGestureRecognizer
    }

    /// The pop recognizers that exist: the edge one, and on iOS 26 the content one (R19).
    func popRecognizers() -> [(kind: PopGestureKind, recognizer: UIGestureRecognizer)] {
        guard let navigationController else { return [] }
        var result: [(kind: PopGestureKind, recognizer: UIGestureRecognizer)] = []
        if let edge = navigationController.interactivePopGestureRecognizer {
            result.append((.edge, edge))
        }
        // R19. Looked up at run time, not through the iOS 26 SDK's declaration: an app built
        // with an older Xcode still runs on iOS 26, and its content swipe must be guarded too.
        // The property is public API, so its name is no private-API concern.
        if let content = Self.contentPopGestureRecognizer(of: navigationController) {
            result.append((.content, content))
        }
        return result
    }
}
#endif
