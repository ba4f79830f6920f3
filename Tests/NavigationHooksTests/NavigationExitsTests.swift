import NavigationHooks
import Testing

/// R75, R76: which stacks a SwiftUI view's exits are on, in nested hierarchies. The oracles are
/// not the model's: a stack owns an exit of the screen when popping its top child takes the
/// screen with it (computed on the tree), and the bar a nested stack shows is its outermost
/// stack's, as UIKit's `-[UINavigationController isNavigationBarHidden]` and
/// `_outermostNavigationController` decide it (iOS 18.2 and 26.1 dumps: a controller with the
/// nested flag asks its `navigationController`'s outermost one, recursively).
@MainActor
struct NavigationExitsTests {
    final class Node {
        let name: String
        let isStack: Bool
        /// UIKit's private `_isNestedNavigationController` flag, set when it nests a stack (a
        /// collapsing split view); the model never reads it, only the oracle does.
        let nestedFlag: Bool
        weak var parent: Node?
        var children: [Node] = []
        var barHidden = false
        var preferenceCount = 0

        init(_ name: String, stack: Bool = false, nested: Bool = false, in parent: Node? = nil) {
            self.name = name
            self.isStack = stack
            self.nestedFlag = nested
            self.parent = parent
            parent?.children.append(self)
        }

        /// `UIViewController.navigationController`: the nearest stack above.
        var navigationController: Node? {
            var up = parent
            while let node = up, !node.isStack { up = node.parent }
            return up
        }

        /// The dump's `_outermostNavigationController`.
        var outermost: Node {
            guard nestedFlag, let enclosing = navigationController else { return self }
            return enclosing.outermost
        }

        /// The dump's `isNavigationBarHidden`: a nested stack reads its outermost one's.
        var effectiveBarHidden: Bool { nestedFlag && outermost !== self ? outermost.effectiveBarHidden : barHidden }

        func isAncestorOrSelf(of node: Node) -> Bool {
            var current: Node? = node
            while let step = current {
                if step === self { return true }
                current = step.parent
            }
            return false
        }

        var allNodes: [Node] { [self] + children.flatMap(\.allNodes) }
    }

    /// The probe's public-state rule (`NavigationPreferenceProbe`): a stack whose parent is a stack.
    private func exits(above probe: Node) -> NavigationExits<Node> {
        NavigationExits(
            above: probe, parent: { $0.parent }, isStack: { $0.isStack },
            sharesBarWithEnclosingStack: { $0.parent?.isStack == true })
    }

    /// The oracle: the stacks of the whole tree whose pop of their top child removes `screen`.
    private func stacksThatCanRemove(_ screen: Node, root: Node) -> Set<ObjectIdentifier> {
        Set(
            root.allNodes.filter { $0.isStack && $0.children.last?.isAncestorOrSelf(of: screen) == true }
                .map(ObjectIdentifier.init))
    }

    /// A compact split view collapsed its secondary stack into the primary one: the outer
    /// stack owns the exits too, and its bar is the one both show.
    @Test func r75_r76_aCollapsedSplitViewsOuterStackOwnsTheExitsAndTheBar() {
        let split = Node("split")
        let primary = Node("primary", stack: true, in: split)
        _ = Node("master", in: primary)
        let secondary = Node("secondary", stack: true, nested: true, in: primary)
        _ = Node("list", in: secondary)
        let editor = Node("editor", in: secondary)
        let probe = Node("probe", in: Node("wrapper", in: editor))
        let found = exits(above: probe)
        #expect(Set(found.stacks.map(ObjectIdentifier.init)) == stacksThatCanRemove(editor, root: split))
        #expect(found.stacks.last === primary)  // the outermost last
        #expect(found.destination === editor)
        #expect(found.barOwner(isTop: { $0.children.last === $1 }) === secondary.outermost)
        #expect(found.carriers(affectsBar: true).map(\.name) == ["secondary"])
        #expect(found.carriers(affectsBar: false).map(\.name) == ["secondary"])
        // Hiding the owner's bar is what the nested stack's own bar state reads.
        found.barOwner(isTop: { $0.children.last === $1 })?.barHidden = true
        #expect(secondary.effectiveBarHidden)
    }

    /// A stack in a tab of another stack: the outer stack's back button takes the whole tab bar
    /// controller (so it owns an exit), but it shows its own bar (so no bar preference goes
    /// there); the other tab's stack owns none.
    @Test func r75_r76_aStackInATabOfAStackSharesTheExitsButNotTheBar() {
        let outer = Node("outer", stack: true)
        _ = Node("home", in: outer)
        let tabs = Node("tabs", in: outer)
        let feed = Node("feedStack", stack: true, in: tabs)
        _ = Node("feedRoot", in: feed)
        let post = Node("post", in: feed)
        let otherTab = Node("profileStack", stack: true, in: tabs)
        _ = Node("profile", in: otherTab)
        let found = exits(above: Node("probe", in: post))
        #expect(Set(found.stacks.map(ObjectIdentifier.init)) == stacksThatCanRemove(post, root: outer))
        #expect(found.stacks.map(\.name) == ["feedStack", "outer"])
        #expect(found.carriers(affectsBar: false).map(\.name) == ["tabs"])
        #expect(found.carriers(affectsBar: true).isEmpty)
        #expect(found.barOwner(isTop: { $0.children.last === $1 }) === feed.outermost)
    }

    /// The screen covered in its own stack is shown by no bar; a nested stack not on top of its
    /// outer one neither.
    @Test func r76_aScreenNotOnTopHasNoBarOwner() {
        let primary = Node("primary", stack: true)
        let secondary = Node("secondary", stack: true, nested: true, in: primary)
        let detail = Node("detail", in: secondary)
        _ = Node("above", in: secondary)
        #expect(exits(above: Node("probe", in: detail)).barOwner(isTop: { $0.children.last === $1 }) == nil)
        let lone = Node("lone", stack: true)
        let screen = Node("screen", in: lone)
        let found = exits(above: Node("probe", in: screen))
        #expect(found.barOwner(isTop: { $0.children.last === $1 }) === lone)
        #expect(found.carriers(affectsBar: false).isEmpty)
        let orphan = exits(above: Node("orphan"))
        #expect(orphan.levels.isEmpty && orphan.barLevels == 0 && orphan.destination == nil)
    }

    /// The carriers hold the preference while the screen is shown and give it back when it is
    /// covered or the view goes; a carrier no longer on the way is given it back at once.
    @Test func r75_carriersHoldThePreferenceOnlyWhileTheScreenIsShown() {
        let primary = Node("primary", stack: true)
        let secondary = Node("secondary", stack: true, nested: true, in: primary)
        let editor = Node("editor", in: secondary)
        let found = exits(above: Node("probe", in: editor))
        let binding = PreferenceAttachment<Node>(apply: { $0.preferenceCount = 1 }, reset: { $0.preferenceCount = 0 })
        binding.resolve(found.destination)
        binding.carry(found.carriers(affectsBar: false))
        #expect(editor.preferenceCount == 1 && secondary.preferenceCount == 1)
        binding.dropCarriers()  // a screen was pushed over the editor
        #expect(editor.preferenceCount == 1 && secondary.preferenceCount == 0)
        binding.carry(found.carriers(affectsBar: false))
        let elsewhere = Node("elsewhere")
        binding.carry([elsewhere])  // re-parented: the old carrier is given its default back
        #expect(secondary.preferenceCount == 0 && elsewhere.preferenceCount == 1)
        binding.update { $0.preferenceCount = 2 }
        #expect(editor.preferenceCount == 2 && elsewhere.preferenceCount == 2)
        binding.detach()
        #expect(editor.preferenceCount == 0 && elsewhere.preferenceCount == 0 && binding.carriers.isEmpty)
    }
}
