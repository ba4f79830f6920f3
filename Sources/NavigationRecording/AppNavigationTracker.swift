public import NavigationHooks

/// The app's own navigation, told from the stack a navigation controller shows at each
/// `navigationController(_:willShow:animated:)` against the stack it showed last: one screen
/// more is a push, a prefix is a pop, pop-to or pop-to-root, anything else a set-stack. The
/// UIKit host keeps one while a recorder is attached; plain Swift, so Linux tests drive it with
/// the simulator's delegate calls.
///
/// The stack it compares with must be the one on screen: UIKit's `willShow` for an interactive
/// pop names the stack without the leaving screen, and a cancelled swipe puts that screen back
/// with no `didShow` before iOS 18 (R10; from iOS 18 `willShow` and `didShow` come, R42: the
/// `willShow`, the full stack again, arrives during the user's swipe and is not the app's). Unless the host
/// calls ``settled(_:)`` when the cancelled transition has ended, the remembered stack stays
/// one short and the app's next push reads as a set-stack.
@MainActor
public final class AppNavigationTracker {
    private var last: [Entry] = []

    /// Starts from `stack`, the stack on screen now.
    public init(stack: [any NavigationScreen]) { remember(stack) }

    /// `willShow` with `stack`: the event for the app's navigation from the last stack to it,
    /// or `nil` when nothing changed or the change is not the app's (`isAppNavigation` false: a
    /// pop the host performs for a plugin, a user's input, a swipe beginning). The stack is
    /// remembered either way.
    public func willShow(_ stack: [any NavigationScreen], animated: Bool, isAppNavigation: Bool)
        -> NavigationHostEvent?
    {
        let old = last.compactMap(\.screen)
        remember(stack)
        guard isAppNavigation, !Self.same(old, stack) else { return nil }
        if stack.count == old.count + 1, Self.same(Array(stack.dropLast()), old), let pushed = stack.last {
            return .pushed(pushed, animated: animated)
        }
        if stack.count < old.count, Self.same(Array(old.prefix(stack.count)), stack), let top = stack.last {
            if stack.count == old.count - 1 { return .popped(animated: animated) }
            return stack.count == 1 ? .poppedToRoot(animated: animated) : .poppedTo(top, animated: animated)
        }
        return .stackSet(stack, animated: animated)
    }

    /// The navigation controller is at rest showing `stack` (`didShow`, or the end of a
    /// cancelled swipe's transition).
    public func settled(_ stack: [any NavigationScreen]) { remember(stack) }

    private func remember(_ stack: [any NavigationScreen]) { last = stack.map(Entry.init) }

    private static func same(_ a: [any NavigationScreen], _ b: [any NavigationScreen]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    private final class Entry {
        weak var screen: (any NavigationScreen)?
        init(_ screen: any NavigationScreen) { self.screen = screen }
    }
}
