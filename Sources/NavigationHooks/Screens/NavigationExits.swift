/// Where the exits of a declarative view's screen are, found from an abstract controller chain
/// so Linux tests it: every stack on the way up from the view's own controller (R75), each with
/// its child on that way (the screen as that stack sees it), innermost first, and how many of
/// them show the innermost stack's bar (R76).
///
/// UIKit nests navigation controllers: a collapsed split view puts the secondary stack inside
/// the primary one, and the outer one then owns the back button, the swipe and the bar. A view
/// bound only to its nearest stack is bypassed there. `NavigationHooksSwiftUI`'s probe walks
/// the real `parent` chain and installs on every ``stacks`` entry; `Node` is `UIViewController`.
public struct NavigationExits<Node: AnyObject> {
    /// One stack on the way up and its child on that way.
    public struct Level {
        /// The stack (a navigation controller).
        public let stack: Node
        /// Its child the view is in: the view's own screen at the innermost level, the
        /// container holding it (a nested stack, a tab bar controller) further out.
        public let destination: Node
    }

    /// Innermost first; empty while the view has no stack above it (R63).
    public let levels: [Level]
    /// How many of ``levels``, from the innermost, show the innermost stack's bar: 1 unless
    /// stacks share a bar (a nested stack shows its outer stack's, R76); 0 when ``levels`` is
    /// empty.
    public let barLevels: Int

    /// Finds the levels above `start`.
    /// - Parameters:
    ///   - parent: a node's parent (`UIViewController.parent`).
    ///   - isStack: whether a node is a stack (`is UINavigationController`).
    ///   - sharesBarWithEnclosingStack: asked of a stack that has another stack further up:
    ///     `true` when its bar is the enclosing one's (R76).
    public init(
        above start: Node, parent: (Node) -> Node?, isStack: (Node) -> Bool,
        sharesBarWithEnclosingStack: (Node) -> Bool
    ) {
        var levels: [Level] = []
        var child = start
        while let up = parent(child) {
            if isStack(up) { levels.append(Level(stack: up, destination: child)) }
            child = up
        }
        var barLevels = levels.isEmpty ? 0 : 1
        while barLevels < levels.count, sharesBarWithEnclosingStack(levels[barLevels - 1].stack) {
            barLevels += 1
        }
        self.levels = levels
        self.barLevels = barLevels
    }

    /// Where the hooks go: every stack, innermost first, the outermost last (R75).
    public var stacks: [Node] { levels.map(\.stack) }

    /// The view's own screen: the child of its nearest stack (R61).
    public var destination: Node? { levels.first?.destination }

    /// The children of the enclosing stacks that carry the screen's preference for the exits
    /// those stacks own (R75): for a bar preference only the levels that show the same bar
    /// (R76), for any other preference (a leave confirmation, a pop guard, the swipe) all.
    public func carriers(affectsBar: Bool) -> [Node] {
        levels.prefix(affectsBar ? barLevels : levels.count).dropFirst().map(\.destination)
    }

    /// The stack whose bar shows the screen, when the screen is what that bar shows: every
    /// level up to it has its destination on top (`isTop(stack, destination)`). `nil` otherwise.
    public func barOwner(isTop: (Node, Node) -> Bool) -> Node? {
        let shown = levels.prefix(barLevels)
        guard let last = shown.last, shown.allSatisfy({ isTop($0.stack, $0.destination) }) else { return nil }
        return last.stack
    }
}
