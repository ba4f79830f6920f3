import NavigationHooks
import Testing

/// The plain-Swift core of `NavigationHooksSwiftUI`'s probe (R61–R63), on a fake controller tree.
@MainActor
struct PreferenceAttachmentTests {
    final class Node {
        let name: String
        let isStack: Bool
        var parent: Node?
        var hidden = false
        init(_ name: String, stack: Bool = false, parent: Node? = nil) {
            self.name = name
            self.isStack = stack
            self.parent = parent
        }
    }

    private func destination(above node: Node) -> Node? {
        PreferenceAttachment.destination(above: node, parent: { $0.parent }, isStack: { $0.isStack })
    }

    private func attachment(_ value: Bool) -> PreferenceAttachment<Node> {
        PreferenceAttachment(apply: { $0.hidden = value }, reset: { $0.hidden = false })
    }

    /// R61: the destination is the first ancestor whose parent is a stack, in the probe's own
    /// stack (a tab's, a sheet's), not any other; R63: none while the probe has no parent.
    @Test func theDestinationIsTheFirstAncestorWhoseParentIsAStack() {
        let tabs = Node("tabs")
        let feedStack = Node("feedStack", stack: true, parent: tabs)
        let feed = Node("feed", parent: feedStack)
        let wrapper = Node("wrapper", parent: feed)
        let probe = Node("probe", parent: wrapper)
        #expect(destination(above: probe) === feed)
        let sheetStack = Node("sheetStack", stack: true)
        let draft = Node("draft", parent: sheetStack)
        #expect(destination(above: Node("probe", parent: draft)) === draft)
        #expect(destination(above: Node("orphan")) == nil)
        #expect(destination(above: Node("notInAStack", parent: tabs)) == nil)
    }

    /// R62: written again on every resolution, so a rewrite between appearances is undone;
    /// re-parenting moves it; an update writes at once; detaching takes it back.
    @Test func resolvingWritesEveryTimeMovesOnReparentingAndDetaches() {
        let stack = Node("stack", stack: true)
        let first = Node("first", parent: stack)
        let second = Node("second", parent: stack)
        let binding = attachment(true)
        #expect(!binding.resolve(nil))
        #expect(binding.resolve(first))
        #expect(first.hidden)
        first.hidden = false  // the hosting controller rewrote its state on appearance
        binding.resolve(first)
        #expect(first.hidden)
        binding.resolve(second)
        #expect(!first.hidden && second.hidden)
        binding.update { $0.hidden = false }
        #expect(!second.hidden)
        binding.update { $0.hidden = true }
        binding.detach()
        #expect(!second.hidden && binding.destination == nil)
    }

    /// Held weakly: a destination that goes is not kept alive.
    @Test func theDestinationIsHeldWeakly() {
        let binding = attachment(true)
        var node: Node? = Node("gone", parent: Node("stack", stack: true))
        binding.resolve(node)
        node = nil
        #expect(binding.destination == nil)
    }
}
