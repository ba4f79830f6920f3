// Modals over the navigation controller (R7, R11, R32).
extension SimNavigationController {
    /// Presents `screen` over the navigation controller. Full screen: the covered top screen
    /// gets `viewWillDisappear`/`viewDidDisappear` while still visible (R32), and the
    /// controller leaves the window (R7). Page sheet: the presenting screen gets no callbacks.
    public func present(_ screen: SimScreen, style: ModalStyle) {
        reportAppAction(.presented(screen, fullScreen: style == .fullScreen))
        perform("present \(screen.screenName)") { [unowned self] in
            guard self.presentedScreen == nil else {
                return self.record(.inputIgnored("present: a modal is already presented"))
            }
            let running = ModalTransition(
                id: self.makeID(), isPresenting: true, style: style, screen: screen)
            self.modal = running
            self.presentedScreen = screen
            self.presentedStyle = style
            self.record(
                .modalBegan(
                    .init(
                        id: running.id, isPresenting: true, style: style, screen: screen.screenName,
                        barBefore: self.barFraction)))
            self.inCallback {
                if style == .fullScreen, let top = self.stack.last {
                    self.appearance(top, .willDisappear, animated: true)  // R32
                }
                self.appearance(screen, .willAppear, animated: true, inStack: false)
            }
        }
    }

    /// Dismisses the presented modal. Full screen: the controller is back in the window and
    /// its top screen gets `viewWillAppear`/`viewDidAppear`, but `willShow` is not called
    /// again (R11). Page sheet: no callbacks for the presenting screen (R32).
    public func dismiss() {
        reportAppAction(.dismissed)
        perform("dismiss") { [unowned self] in
            guard let screen = self.presentedScreen else {
                return self.record(.inputIgnored("dismiss: nothing presented"))
            }
            let style = self.presentedStyle
            let running = ModalTransition(
                id: self.makeID(), isPresenting: false, style: style, screen: screen)
            self.modal = running
            self.isCovered = false
            self.record(
                .modalBegan(
                    .init(
                        id: running.id, isPresenting: false, style: style, screen: screen.screenName,
                        barBefore: self.barFraction)))
            self.inCallback {
                self.appearance(screen, .willDisappear, animated: true, inStack: false)
                if style == .fullScreen, let top = self.stack.last {
                    self.appearance(top, .willAppear, animated: true)  // R11, R32
                }
            }
        }
    }

    func completeModal(_ running: ModalTransition) {
        modal = nil
        record(.modalEnded(id: running.id))
        inCallback {
            if running.isPresenting {
                if running.style == .fullScreen, let top = stack.last {
                    appearance(top, .didDisappear, animated: true)
                }
                appearance(running.screen, .didAppear, animated: true, inStack: false)
            } else {
                appearance(running.screen, .didDisappear, animated: true, inStack: false)
                if running.style == .fullScreen, let top = stack.last {
                    appearance(top, .didAppear, animated: true)
                }
            }
        }
        if running.isPresenting {
            isCovered = running.style == .fullScreen  // R7
        } else {
            presentedScreen = nil
        }
        drainQueue()
    }
}
