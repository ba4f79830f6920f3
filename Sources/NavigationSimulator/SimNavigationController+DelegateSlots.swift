import NavigationHooks

extension SimNavigationController {
    /// The navigation controller's delegate: one slot, like UIKit (held strongly here).
    /// Setting it is the app setting its own delegate: with the navigation-delegate seam's
    /// proxy in the slot, the proxy adopts the new delegate as its forward target instead.
    /// Reading it returns whatever is in the slot (the proxy while hooks are installed).
    public var delegate: (any SimNavigationDelegate)? {
        get { delegateSlot }
        set {
            appDelegate = newValue
            if let owner = slotOwner {
                // R55: the library's setter saves it as the delegate it forwards to (replacing
                // the seam's proxy if that was there) and keeps its own in the slot.
                owner.base = newValue
                record(.seamCall(seam: "delegate slot", detail: "library's setter saved the app's delegate"))
            } else if let proxy = delegateProxy, delegateSlot === proxy {
                proxy.target = newValue
                record(
                    .seamCall(
                        seam: seams.navigationDelegate.name, detail: "proxy adopted the app's new delegate"))
            } else {
                delegateSlot = newValue
            }
        }
    }

    /// Someone other than the app (a library, a naive fix) writes the raw delegate slot,
    /// bypassing the seam's proxy: what steals delegate calls from the app.
    public func overwriteDelegateSlot(with object: (any SimNavigationDelegate)?) {
        delegateSlot = object
        record(.seamCall(seam: "delegate slot", detail: "overwritten by a third party"))
    }

    /// The edge recognizer's delegate slot; the system's ``SystemPopGestureDelegate`` by
    /// default. Setting it while the pop-gesture seam's proxy is in place makes the proxy
    /// forward to the new delegate.
    public var edgePopGestureDelegate: (any SimGestureDelegate)? {
        get { edgeSlot }
        set {
            if let proxy = edgeProxy, edgeSlot === proxy {
                proxy.previous = newValue
            } else {
                edgeSlot = newValue
            }
        }
    }

    /// The content recognizer's delegate slot (iOS 26, R19).
    public var contentPopGestureDelegate: (any SimGestureDelegate)? {
        get { contentSlot }
        set {
            if let proxy = contentProxy, contentSlot === proxy {
                proxy.previous = newValue
            } else {
                contentSlot = newValue
            }
        }
    }
}
