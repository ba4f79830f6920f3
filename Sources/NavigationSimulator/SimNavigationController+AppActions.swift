public import NavigationHooks

extension SimNavigationController {
    /// Replaces the stack (R5): a new top from below pops, a new top not in the stack pushes,
    /// the same top runs no transition and gets no appearance callbacks. The first stack of
    /// an empty controller is its first appearance (R8, inferred): `willShow`, the root's
    /// `viewWillAppear`/`viewDidAppear`, `didShow`, not animated.
    public func setViewControllers(_ screens: [SimScreen], animated: Bool) {
        reportAppAction(.stackSet(screens, animated: animated))
        guard !mustDefer else {
            return enqueue("setViewControllers") { [unowned self] in
                self.performSetViewControllers(screens, animated: animated)
            }
        }
        performSetViewControllers(screens, animated: animated)
        drainQueue()
    }

    /// `pushViewController(_:animated:)`: pushes `screen`.
    public func pushViewController(_ screen: SimScreen, animated: Bool) {
        reportAppAction(.pushed(screen, animated: animated))
        guard !mustDefer else {
            return enqueue("push \(screen.screenName)") { [unowned self] in
                self.performPush(screen, animated: animated)
            }
        }
        performPush(screen, animated: animated)
        drainQueue()
    }

    /// `popViewController(animated:)`: a code pop (R21: the screen leaves first, then the
    /// bar's `shouldPop` runs). Nothing happens at the root.
    public func popViewController(animated: Bool) {
        reportAppAction(.popped(animated: animated))
        guard !mustDefer else {
            return enqueue("pop") { [unowned self] in self.performCodePop(animated: animated) }
        }
        performCodePop(animated: animated)
        drainQueue()
    }

    private func performCodePop(animated: Bool) {
        guard stack.count > 1 else { return record(.inputIgnored("pop at the root")) }
        performPop(to: stack[stack.count - 2], kind: .pop, trigger: .programmatic, animated: animated)
    }

    /// `popToViewController(_:animated:)` (R4); nothing happens if `screen` is not in the stack.
    public func popToViewController(_ screen: any NavigationScreen, animated: Bool) {
        reportAppAction(.poppedTo(screen, animated: animated))
        perform("pop to \(screen.screenName)") { [unowned self] in
            guard let target = self.stack.first(where: { $0 === screen }) else {
                return self.record(.inputIgnored("pop to \(screen.screenName): not in the stack"))
            }
            self.performPop(to: target, kind: .popTo, trigger: .programmatic, animated: animated)
        }
    }

    /// `popToRootViewController(animated:)` (R4).
    public func popToRootViewController(animated: Bool) {
        reportAppAction(.poppedToRoot(animated: animated))
        perform("pop to root") { [unowned self] in
            guard let root = self.stack.first else { return }
            self.performPop(to: root, kind: .popToRoot, trigger: .popToRoot, animated: animated)
        }
    }

    // MARK: Clock

    /// `true` when nothing runs, nothing is queued, and the UI is not frozen.
    public var isIdle: Bool {
        // A test a line: a debug build runs `&&`'s right sides as closures that retain `self`,
        // and comparing an optional with `nil` copies it (a modal's screen retained).
        if canAdvance { return false }
        if case .some = transition { return false }
        if case .some = modal { return false }
        if queue.count != 0 { return false }
        return !isFrozen
    }

    /// (No `Optional.map` closure here: in Swift 6 a main-actor closure passed to it checks
    /// its executor at run time, on every frame.)
    /// Asked before every frame: optionals tested with `case` (comparing a modal with `nil` or
    /// binding it copies it), no `||` (its right side is a closure that retains `self`).
    var canAdvance: Bool {
        if let running = transition, !running.isStuck, !running.isInteractive { return true }
        if case .some = modal { return true }
        return isBarMoving
    }

    /// A bar animation that the clock can advance: timed, or alongside a transition that moves.
    private var isBarMoving: Bool {
        guard case .some = barAnimation else { return false }
        guard case .alongside(let id, _) = barAnimation!.mode, let running = transition, running.id == id
        else {
            return true
        }
        return !running.isStuck && !running.isInteractive
    }

    /// Runs the clock until nothing moves any more (or the UI is frozen).
    public func runUntilIdle() {
        drainQueue()
        var guardFrames = 0
        while canAdvance, guardFrames < 36_000 {
            tick()
            guardFrames &+= 1
        }
        noteIdleIfNeeded()
        if observerStorage != nil, isIdle { report(.settled) }
    }

    /// The frames a wait records while nothing moves (10 s) before it skips to its last frame.
    public static let idleFramesRecorded = 600

    /// Runs the clock for `seconds` of virtual time.
    ///
    /// Once nothing has moved for ``idleFramesRecorded`` frames, the frames up to the wait's
    /// last are identical but for their time: they are counted in
    /// ``Timeline/omittedIdleFrames``, not recorded, so an hour's wait costs 601 frames, not 216,000.
    public func advance(seconds: Double) {
        let count = max(0, roundedToInt(seconds * Self.framesPerSecond))
        drainQueue()
        var still = 0
        var index = 0
        while index < count {
            if canAdvance {
                still = 0
            } else {
                still += 1
                if still > Self.idleFramesRecorded, index < count - 1 {
                    timeline.omittedIdleFrames += count - 1 - index
                    index = count - 1
                }
            }
            tick()
            index += 1
        }
        noteIdleIfNeeded()
        if observerStorage != nil, isIdle { report(.settled) }
    }

    /// The current virtual time in seconds.
    public var time: Double { Double(timeline.elapsedFrames) / Self.framesPerSecond }
}
