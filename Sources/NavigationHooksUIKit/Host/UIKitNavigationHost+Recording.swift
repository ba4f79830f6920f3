#if canImport(UIKit)
internal import Dispatch
public import NavigationHooks
public import NavigationRecording
public import UIKit

/// Reporting to an attached ``NavigationHooks/NavigationObserving`` (a `NavigationRecorder`):
/// nothing of this runs, and no seam is touched, while no observer is attached.
///
/// While one is attached the host keeps three seams active with hooks that decide nothing
/// (public mechanisms only: the navigation delegate's proxy, the pop recognizers' delegate
/// proxies and their target-action observer), and reports:
/// - the app's own navigation, from the stack before and after each `willShow`: one screen
///   more is a push, a prefix is a pop, pop-to or pop-to-root, anything else a set-stack.
///   Pops the host itself performs for the core (a guarded tap let through, a confirmation's
///   "discard") and pops during a user input are not the app's and are not reported;
/// - the user's inputs the active seams see: swipes with their last progress and release
///   (``NavigationHooks/InteractivePopHook``), a swipe a hook refused (not UIKit's own
///   refusals, nor the pans iOS 26's content recognizer asks about), and, where a plugin made those seams active, the back tap
///   (`backAction`, the private hook, `navigationBar(_:shouldPop:)`), a back-menu pick,
///   VoiceOver's escape, ⌘[ and a sheet's swipe-down. Without such a plugin UIKit handles a
///   back tap alone and it shows in the recording as the `pop` it caused;
/// - `settled` at `didShow`, and when a cancelled swipe's transition ended (no `didShow`
///   before iOS 18, R10; from iOS 18 UIKit's `willShow` and `didShow` for the staying screen,
///   R42, come while the swipe is still the user's input, so no push is reported); the stack is
///   read again there.
extension UIKitNavigationHost {
    /// The observer this host reports to, held weakly; `nil` by default. Attaching installs
    /// the reporting hooks, detaching (`nil`) removes them.
    public var navigationObserver: (any NavigationObserving)? {
        get { recording?.observer }
        set {
            guard let newValue else { return stopReporting() }
            if let recording {
                recording.observer = newValue
            } else {
                startReporting(to: newValue)
            }
        }
    }

    /// Starts recording this navigation controller with a new ``NavigationRecorder`` keeping
    /// at most `stepLimit` steps; read its `navFile` when done and call `detach()`.
    ///
    /// - Throws: ``NavigationRecorderError/alreadyObserved`` when another
    ///   observer is attached.
    public func startRecording(stepLimit: Int = NavigationRecorder.defaultStepLimit) throws(NavigationRecorderError)
        -> NavigationRecorder
    {
        let recorder = NavigationRecorder(stepLimit: stepLimit)
        try recorder.attach(to: self)
        return recorder
    }

    private func startReporting(to observer: any NavigationObserving) {
        let state = RecordingState(observer: observer)
        state.tracker = AppNavigationTracker(stack: navigationController?.viewControllers ?? [])
        recording = state
        let delegateSeam = seams.navigationDelegate
        let gestureSeam = seams.popGesture
        let interactiveSeam = seams.interactivePop
        let delegateToken = delegateSeam.add(NavigationDelegateHook())
        let gestureToken = gestureSeam.add(PopGestureHook())
        let interactiveToken = interactiveSeam.add(
            InteractivePopHook { [weak self] event in self?.reportInteractive(event) })
        state.removeHooks = {
            try? delegateSeam.remove(delegateToken)
            try? gestureSeam.remove(gestureToken)
            try? interactiveSeam.remove(interactiveToken)
        }
    }

    private func stopReporting() {
        guard let state = recording else { return }
        recording = nil
        state.removeHooks()
    }

    /// Reports `event` when an observer is attached.
    func reportToObserver(_ event: @autoclosure () -> NavigationHostEvent) {
        guard let observer = observerOrStop() else { return }
        observer.host(self, didReport: event())
    }

    /// The attached observer; when it went away without detaching, the reporting hooks are
    /// removed on the next main-queue turn (not inside the UIKit callback running now).
    private func observerOrStop() -> (any NavigationObserving)? {
        guard let state = recording else { return nil }
        if let observer = state.observer { return observer }
        DispatchQueue.main.async { [weak self, weak state] in
            MainActor.assumeIsolated {
                guard let self, let state, self.recording === state, state.observer == nil else { return }
                self.stopReporting()
            }
        }
        return nil
    }

    /// A user input one of the seams saw: reported, and the navigation it causes is not the app's.
    func reportUserInput(_ input: @autoclosure () -> UserNavigationInput) {
        guard let state = recording, let observer = observerOrStop() else { return }
        state.userInputPending = true
        // Two main-queue turns: a pop the hooks deferred (R6) still counts as this input's.
        DispatchQueue.main.async {
            DispatchQueue.main.async { [weak state] in MainActor.assumeIsolated { state?.userInputPending = false } }
        }
        observer.host(self, didReport: .userInput(input()))
    }

    /// Runs `body`, a pop the host performs for the core or a plugin: not the app's navigation.
    func performingPortRequest(_ body: () -> Void) {
        guard let state = recording else { return body() }
        state.portRequestDepth += 1
        defer { state.portRequestDepth -= 1 }
        body()
    }

    /// `willShow`: the app's own navigation, from the stack before and after
    /// (``NavigationRecording/AppNavigationTracker``).
    func reportStackChange(animated: Bool) {
        guard let state = recording, let navigationController else { return }
        let isAppNavigation = state.portRequestDepth == 0 && !state.userInputPending && !isPopGestureBeginning
        if let event = state.tracker.willShow(
            navigationController.viewControllers, animated: animated, isAppNavigation: isAppNavigation)
        {
            reportToObserver(event)
        }
    }

    /// `didShow`: the navigation controller is at rest.
    func reportDidShow() {
        guard let state = recording else { return }
        state.tracker.settled(navigationController?.viewControllers ?? [])
        state.userInputPending = false
        reportToObserver(.settled)
    }

    /// The pop-gesture proxy's answers: a swipe a hook refused is reported as the user's swipe
    /// that did not begin. Refusals UIKit's own delegate or the app's made are not: iOS 26's
    /// content recognizer asks on any pan, and those refusals are no user's attempt to go back
    /// (``NavigationRecording/SwipeRefusalRecording``).
    func reportPopGestureRefusal(_ kind: PopGestureKind, hookAnswer: Bool?, previousAnswer: Bool?) {
        guard recording != nil,
            SwipeRefusalRecording.recordsRefusal(
                hookAnswer: hookAnswer, previousAnswer: previousAnswer,
                stackCount: navigationController?.viewControllers.count ?? 0)
        else { return }
        reportUserInput(.swipe(kind, progress: 0.5, finished: true))
        reportToObserver(.swipeDidNotBegin(kind))
    }

    /// A cancelled swipe: before iOS 18 UIKit sends no `didShow` for the screen that stays
    /// (R10; from iOS 18 it sends `willShow` and `didShow`, R42), so the stack last seen at the swipe's `willShow` (without
    /// that screen) would stay the recorder's, and the app's next push would be taken for a
    /// stack replacement. The stack is read again when the cancelled transition has ended (the
    /// coordinator's completion, after UIKit put the screen back), and the host reports
    /// `settled` there, as `didShow` would.
    private func refreshStackAfterCancelledSwipe() {
        guard let state = recording else { return }
        let refresh = { [weak self, weak state] in
            guard let self, let state, self.recording === state else { return }
            state.tracker.settled(self.navigationController?.viewControllers ?? [])
            state.userInputPending = false
            self.reportToObserver(.settled)
        }
        guard let coordinator = navigationController?.transitionCoordinator else { return refresh() }
        coordinator.animate(alongsideTransition: nil) { _ in refresh() }
    }

    private func reportInteractive(_ event: InteractivePopEvent) {
        guard let state = recording else { return }
        switch event.stage {
        case .began:
            state.userInputPending = true
            state.swipeProgress = 0
        case .changed(let progress):
            state.swipeProgress = progress
        case .finished:
            reportUserInput(.swipe(event.kind, progress: state.swipeProgress, finished: true))
        case .cancelled:
            reportUserInput(.swipe(event.kind, progress: state.swipeProgress, finished: false))
            refreshStackAfterCancelledSwipe()  // R10, R42
        }
    }
}

extension UINavigationController {
    /// Starts recording this navigation controller's navigation as a `.nav` file (see
    /// `NavigationRecorder`): install the plugins first, so the recording names them.
    ///
    /// ```swift
    /// let recorder = try navigationController.startNavigationRecording()
    /// // … use the app …
    /// print(recorder.navFile)
    /// recorder.detach()
    /// ```
    ///
    /// - Throws: ``NavigationRecorderError/alreadyObserved`` when a
    ///   recorder is already attached.
    public func startNavigationRecording(stepLimit: Int = NavigationRecorder.defaultStepLimit)
        throws(NavigationRecorderError) -> NavigationRecorder
    {
        try navigationHost.startRecording(stepLimit: stepLimit)
    }
}

/// What the host keeps while an observer is attached.
@MainActor
final class RecordingState {
    weak var observer: (any NavigationObserving)?
    var tracker = AppNavigationTracker(stack: [])
    var userInputPending = false
    var portRequestDepth = 0
    var swipeProgress = 0.0
    var removeHooks: @MainActor () -> Void = {}

    init(observer: any NavigationObserving) { self.observer = observer }
}
#endif
