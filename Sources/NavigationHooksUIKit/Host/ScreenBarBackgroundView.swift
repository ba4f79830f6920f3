#if canImport(UIKit)
internal import Foundation
internal import NavigationHooks
internal import UIKit

/// A screen's own bar background (`TransitionBarBackground`): a view at the top of the
/// screen's view, placed by ``NavigationHooks/BarBackgroundFrame`` again whenever what the
/// frame depends on changes (R151): the screen view's bounds (a scroll view's content offset,
/// rotation, a sheet resized), the bar's frame (a large title collapsing), the view entering
/// a window. Kept in front of the screen's other subviews (a table adds cells as it scrolls).
@MainActor
final class ScreenBarBackgroundView: UIView {
    /// The hairline at its bottom edge (hidden with the look's shadow).
    let shadow = UIView()
    private weak var navigationController: UINavigationController?
    private var observations: [NSKeyValueObservation] = []

    init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        shadow.backgroundColor = UIColor(white: 0, alpha: 0.3)
        addSubview(shadow)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    /// Puts the view in `screenView` (once) and starts following what its frame depends on.
    func attach(to screenView: UIView, of navigationController: UINavigationController) {
        if superview !== screenView || self.navigationController !== navigationController {
            removeFromSuperview()
            screenView.addSubview(self)
            self.navigationController = navigationController
            let bar = navigationController.navigationBar
            let relayout: @Sendable (Any, Any) -> Void = { [weak self] _, _ in
                MainActor.assumeIsolated { self?.relayout() }
            }
            observations = [
                screenView.observe(\.bounds) { relayout($0, $1) },
                screenView.observe(\.frame) { relayout($0, $1) },
                bar.observe(\.frame) { relayout($0, $1) },
                bar.observe(\.bounds) { relayout($0, $1) },
                bar.observe(\.center) { relayout($0, $1) },
            ]
            if let scrollView = screenView as? UIScrollView {
                observations.append(scrollView.observe(\.contentOffset) { relayout($0, $1) })
            }
        }
        relayout()
    }

    /// Stops following and leaves the screen's view.
    func detach() {
        for observation in observations { observation.invalidate() }
        observations = []
        removeFromSuperview()
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        relayout()
    }

    /// R151: the frame from what UIKit reports now.
    func relayout() {
        guard let screenView = superview, let navigationController, let container = navigationController.view else {
            return
        }
        let bar = navigationController.navigationBar
        let top = screenView.superview.map { $0.convert(screenView.frame.origin, to: container).y } ?? 0
        let inputs = BarBackgroundFrame.Inputs(
            barMinY: Double(bar.frame.minY), barHeight: Double(bar.frame.height), screenViewTop: Double(top),
            boundsOriginX: Double(screenView.bounds.minX), boundsOriginY: Double(screenView.bounds.minY),
            screenViewWidth: Double(screenView.bounds.width),
            isBarHidden: navigationController.isNavigationBarHidden || bar.isHidden)
        guard let placed = BarBackgroundFrame.placing(inputs) else {
            isHidden = true
            return
        }
        isHidden = false
        let frame = CGRect(x: placed.x, y: placed.y, width: placed.width, height: placed.height)
        if self.frame != frame { self.frame = frame }
        let line = placed.shadow(hairline: 1 / Double(max(1, traitCollection.displayScale)))
        shadow.frame = CGRect(x: line.x, y: line.y, width: line.width, height: line.height)
        if screenView.subviews.last !== self { screenView.bringSubviewToFront(self) }
    }
}

/// R150: the bar's tint while a finger drives a pop, as HBDNavigationBar's `handlePopGesture:`
/// does it: a target on the pop recognizers that sets ``NavigationHooks/BarTintBlend`` of the
/// two tints at the coordinator's `percentComplete`. Removed when the interaction ends.
@MainActor
final class BarTintBlender: NSObject {
    private weak var bar: UINavigationBar?
    private let from: BarColor?
    private let to: BarColor?
    private weak var coordinator: (any UIViewControllerTransitionCoordinator)?
    private var recognizers: [WeakRecognizer] = []

    init(
        bar: UINavigationBar, from: UIColor?, to: UIColor?, inherited: UIColor?,
        coordinator: any UIViewControllerTransitionCoordinator
    ) {
        self.bar = bar
        let traits = bar.traitCollection
        self.from = Self.barColor(from ?? inherited, traits)
        self.to = Self.barColor(to ?? inherited, traits)
        self.coordinator = coordinator
        super.init()
    }

    func start(on recognizers: [UIGestureRecognizer]) {
        guard from != nil, to != nil else { return }  // a pattern colour: no blend, the end applies
        for recognizer in recognizers {
            recognizer.addTarget(self, action: #selector(recognizerChanged(_:)))
            self.recognizers.append(WeakRecognizer(value: recognizer))
        }
    }

    func stop() {
        for recognizer in recognizers {
            recognizer.value?.removeTarget(self, action: #selector(recognizerChanged(_:)))
        }
        recognizers = []
    }

    @objc private func recognizerChanged(_ recognizer: UIGestureRecognizer) {
        guard recognizer.state == .began || recognizer.state == .changed, let bar, let from, let to,
            let coordinator, coordinator.isInteractive
        else { return }
        let tint = BarTintBlend.blended(from: from, to: to, progress: Double(coordinator.percentComplete))
        bar.tintColor = UIKitNavigationHost.uiColor(tint)
    }

    private static func barColor(_ color: UIColor?, _ traits: UITraitCollection) -> BarColor? {
        guard let color else { return nil }
        var red: CGFloat = 0
        var green: CGFloat = 0
        var blue: CGFloat = 0
        var alpha: CGFloat = 0
        guard color.resolvedColor(with: traits).getRed(&red, green: &green, blue: &blue, alpha: &alpha) else {
            return nil
        }
        return BarColor(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }
}
#endif
