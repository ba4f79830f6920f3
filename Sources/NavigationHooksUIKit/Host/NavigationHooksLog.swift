#if canImport(UIKit)
internal import Foundation
internal import os

/// The module's only logging: one `os_log` line per degraded seam (a private hook that is
/// gone, R27; a method missing or patched again by someone else, R21–R23), never a crash.
/// `os_log(_:dso:log:type:_:)` rather than `Logger`, which needs iOS 14 (the package
/// supports iOS 13).
enum NavigationHooksLog {
    /// Logs `message` at error level, publicly (it names classes and selectors, no user data).
    static func warn(_ message: String) {
        os_log("NavigationHooksUIKit: %{public}@", log: .default, type: .error, message)
    }
}
#endif
