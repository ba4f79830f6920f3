import NavigationHooks

// The seams of the host port. Each activates its mechanism when the first hook arrives and
// restores exactly what was in the slot when the last one leaves.
extension SimNavigationController {
    func makeSeams() -> NavigationSeams {
        NavigationSeams(
            // R26
            backAction: Seam(plain: "navigationItem.backAction", available: capabilities.hasBackAction, on: self),
            privateBackButtonAction: Seam(plain: "_UINavigationBarContentView.__backButtonAction:", on: self),  // R27
            shouldPopItem: Seam(plain: "navigationBar(_:shouldPop:)", on: self),  // R21–R24
            backMenu: Seam(plain: "backButtonMenu", available: capabilities.hasBackMenu, on: self),  // R25
            navigationDelegate: Seam(
                "UINavigationControllerDelegate",
                activate: whileAlive { $0.installDelegateProxy() },
                deactivate: whileAlive { $0.removeDelegateProxy() }),
            popGesture: Seam(
                "popGestureRecognizer.delegate",
                activate: whileAlive { $0.installGestureProxies() },
                deactivate: whileAlive { $0.removeGestureProxies() }),
            appearance: Seam(plain: "viewWillAppear…", on: self),
            popOperations: Seam(plain: "popViewController…", on: self),
            interactivePop: Seam(plain: "interactivePop", on: self),
            accessibilityEscape: Seam(plain: "accessibilityPerformEscape", on: self),  // R50
            backKeyCommand: Seam(plain: "⌘[ key command", available: capabilities.hasBackKeyCommand, on: self),  // R51
            responderKeyCommand: Seam(
                plain: "⌘[ key command of the screen", available: capabilities.hasBackKeyCommand, on: self),  // R78
            sheetDismissal: Seam(plain: "presentationControllerShouldDismiss", on: self))  // R52
    }

    /// What a plain seam records when its mechanism is switched on and off, while its
    /// controller lives (as ``whileAlive(_:)``: the controller's ``lifeToken`` asked first).
    @MainActor fileprivate final class SeamNotes {
        let token: LifeToken
        /// Read only while `token` says the controller lives: no reference count to keep (a
        /// debug build's `unowned` retains and releases it, every run's thirteen seams).
        unowned(unsafe) let nav: SimNavigationController
        let name: String

        init(nav: SimNavigationController, name: String) {
            // One assignment each: a tuple assignment built and destroyed a tuple in a debug build.
            token = nav.lifeToken
            self.nav = nav
            self.name = name
        }

        func activated() {
            if token.isAlive { nav.record(.seamCall(seam: name, detail: "activated")) }
        }

        func deactivated() {
            if token.isAlive { nav.record(.seamCall(seam: name, detail: "deactivated")) }
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

extension Seam {
    /// A seam whose mechanism is only recorded when it is switched on and off, while `nav`
    /// lives. A convenience initializer, not a generic function of the controller: the caller
    /// names the concrete `Seam<Hook>`, whose metadata a debug build then caches, where a
    /// generic function looked it up at each call (~420 instructions, 11 seams a run).
    fileprivate convenience init(plain name: String, available: Bool = true, on nav: SimNavigationController) {
        // Both closures capture one object, which is then their context: every run builds its
        // controller's seams, and two closures each capturing the token, the controller and
        // the name allocated four blocks a seam (callgrind of a bench worker: 1.8%).
        let notes = SimNavigationController.SeamNotes(nav: nav, name: name)
        self.init(name, isAvailable: available, activate: { notes.activated() }, deactivate: { notes.deactivated() })
    }
}
