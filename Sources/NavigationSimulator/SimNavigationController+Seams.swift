import NavigationHooks

// The seams of the host port. Each activates its mechanism when the first hook arrives and
// restores exactly what was in the slot when the last one leaves.
extension SimNavigationController {
    func makeSeams() -> NavigationSeams {
        // One object records every plain seam's switches, and each closure of a plain seam
        // captures that object alone and names its seam in its body: a closure that captures one
        // object has it as its context, where a notes object per seam (or a closure capturing
        // the object and a name) cost an allocation to build and a release to destroy, for each
        // of every run's eleven plain seams (callgrind of a debug bench worker: 0.6%).
        // `SeamTests` checks that each plain seam records its own name. Each seam made with
        // `Seam`'s own initializer, here where its type is concrete: a convenience initializer
        // taking the member cost a debug build ~280 instructions more a seam (its own frame, the
        // closures retained and released again), for each of every run's eleven plain seams.
        let notes = SeamNotes(nav: self)
        return NavigationSeams(
            backAction: Seam(  // R26
                Self.seamName(.backAction), isAvailable: capabilities.hasBackAction,
                activate: { notes.switched(.backAction, on: true) },
                deactivate: { notes.switched(.backAction, on: false) }),
            privateBackButtonAction: Seam(  // R27
                Self.seamName(.privateBackButtonAction),
                activate: { notes.switched(.privateBackButtonAction, on: true) },
                deactivate: { notes.switched(.privateBackButtonAction, on: false) }),
            shouldPopItem: Seam(  // R21–R24
                Self.seamName(.shouldPopItem),
                activate: { notes.switched(.shouldPopItem, on: true) },
                deactivate: { notes.switched(.shouldPopItem, on: false) }),
            backMenu: Seam(  // R25
                Self.seamName(.backMenu), isAvailable: capabilities.hasBackMenu,
                activate: { notes.switched(.backMenu, on: true) },
                deactivate: { notes.switched(.backMenu, on: false) }),
            navigationDelegate: Seam(
                Self.seamName(.navigationDelegate),
                activate: whileAlive { $0.installDelegateProxy() },
                deactivate: whileAlive { $0.removeDelegateProxy() }),
            popGesture: Seam(
                Self.seamName(.popGesture),
                activate: whileAlive { $0.installGestureProxies() },
                deactivate: whileAlive { $0.removeGestureProxies() }),
            appearance: Seam(
                Self.seamName(.appearance),
                activate: { notes.switched(.appearance, on: true) },
                deactivate: { notes.switched(.appearance, on: false) }),
            popOperations: Seam(
                Self.seamName(.popOperations),
                activate: { notes.switched(.popOperations, on: true) },
                deactivate: { notes.switched(.popOperations, on: false) }),
            interactivePop: Seam(
                Self.seamName(.interactivePop),
                activate: { notes.switched(.interactivePop, on: true) },
                deactivate: { notes.switched(.interactivePop, on: false) }),
            accessibilityEscape: Seam(  // R50
                Self.seamName(.accessibilityEscape),
                activate: { notes.switched(.accessibilityEscape, on: true) },
                deactivate: { notes.switched(.accessibilityEscape, on: false) }),
            backKeyCommand: Seam(  // R51
                Self.seamName(.backKeyCommand), isAvailable: capabilities.hasBackKeyCommand,
                activate: { notes.switched(.backKeyCommand, on: true) },
                deactivate: { notes.switched(.backKeyCommand, on: false) }),
            responderKeyCommand: Seam(  // R78
                Self.seamName(.responderKeyCommand), isAvailable: capabilities.hasBackKeyCommand,
                activate: { notes.switched(.responderKeyCommand, on: true) },
                deactivate: { notes.switched(.responderKeyCommand, on: false) }),
            sheetDismissal: Seam(  // R52
                Self.seamName(.sheetDismissal),
                activate: { notes.switched(.sheetDismissal, on: true) },
                deactivate: { notes.switched(.sheetDismissal, on: false) }))
    }

    /// The name of each seam, as timelines show it.
    fileprivate static func seamName(_ member: NavigationSeams.Member) -> String {
        switch member {
        case .backAction: "navigationItem.backAction"
        case .privateBackButtonAction: "_UINavigationBarContentView.__backButtonAction:"
        case .shouldPopItem: "navigationBar(_:shouldPop:)"
        case .backMenu: "backButtonMenu"
        case .navigationDelegate: "UINavigationControllerDelegate"
        case .popGesture: "popGestureRecognizer.delegate"
        case .appearance: "viewWillAppear…"
        case .popOperations: "popViewController…"
        case .interactivePop: "interactivePop"
        case .accessibilityEscape: "accessibilityPerformEscape"
        case .backKeyCommand: "⌘[ key command"
        case .responderKeyCommand: "⌘[ key command of the screen"
        case .sheetDismissal: "presentationControllerShouldDismiss"
        }
    }

    /// What the plain seams record when their mechanism is switched on and off, while their
    /// controller lives (as ``whileAlive(_:)``: the controller's ``lifeToken`` asked first).
    @MainActor fileprivate final class SeamNotes {
        let token: LifeToken
        /// Read only while `token` says the controller lives: no reference count to keep (a
        /// debug build's `unowned` retains and releases it).
        unowned(unsafe) let nav: SimNavigationController

        init(nav: SimNavigationController) {
            token = nav.lifeToken
            self.nav = nav
        }

        func switched(_ seam: NavigationSeams.Member, on: Bool) {
            guard token.isAlive else { return }
            nav.record(
                .seamCall(seam: SimNavigationController.seamName(seam), detail: on ? "activated" : "deactivated"))
        }
    }

    /// `body` with this controller while it lives, nothing after: what `[weak self]` does,
    /// without a weak reference to the controller. A weak reference gives its object a side
    /// table for good, and every retain and release of the controller then takes the runtime's
    /// slow path (a tenth of a push and pop's time, `perf record` of `perf`'s simulator
    /// workload). The closure holds the controller's ``lifeToken`` instead, which the
    /// controller's deinit marks, and reaches the controller only while the token says it lives.
    func whileAlive(_ body: @escaping @MainActor (SimNavigationController) -> Void) -> @MainActor () -> Void {
        { [token = lifeToken, unowned(unsafe) self] in
            guard token.isAlive else { return }
            body(self)
        }
    }

    private func installDelegateProxy() {
        if let owner = slotOwner {
            // R55: the library's setter saves the proxy behind its delegate; the host sets the
            // library's delegate again through UINavigationController's own setter so UIKit
            // asks `responds(to:)` again, now with the proxy (which answers `willShow`) behind.
            let proxy = NavigationDelegateProxy(nav: self, target: owner.base)
            delegateProxy = proxy
            owner.base = proxy
            let slot = delegateSlot
            delegateSlot = nil
            delegateSlot = slot
            record(
                .seamCall(
                    seam: "UINavigationControllerDelegate", detail: "proxy installed behind the library's delegate"))
            return
        }
        let proxy = NavigationDelegateProxy(nav: self, target: delegateSlot)
        delegateProxy = proxy
        delegateSlot = proxy
        record(.seamCall(seam: "UINavigationControllerDelegate", detail: "proxy installed"))
    }

    private func removeDelegateProxy() {
        guard let proxy = delegateProxy else { return }
        if let owner = slotOwner, owner.base === proxy { owner.base = proxy.target }
        if delegateSlot === proxy { delegateSlot = proxy.target }  // else someone replaced it: leave theirs
        delegateProxy = nil
        record(.seamCall(seam: "UINavigationControllerDelegate", detail: "proxy removed"))
    }

    private func installGestureProxies() {
        let edge = GestureDelegateProxy(previous: edgeSlot)
        edgeProxy = edge
        edgeSlot = edge
        if capabilities.hasContentPopGesture {
            let content = GestureDelegateProxy(previous: contentSlot)
            contentProxy = content
            contentSlot = content
        }
        record(.seamCall(seam: "popGestureRecognizer.delegate", detail: "proxies installed"))
        installLibraryPanProxy()  // R71
    }

    private func removeGestureProxies() {
        if let edge = edgeProxy, edgeSlot === edge { edgeSlot = edge.previous }
        if let content = contentProxy, contentSlot === content { contentSlot = content.previous }
        edgeProxy = nil
        contentProxy = nil
        removeLibraryPanProxy()
        record(.seamCall(seam: "popGestureRecognizer.delegate", detail: "proxies removed"))
    }
}
