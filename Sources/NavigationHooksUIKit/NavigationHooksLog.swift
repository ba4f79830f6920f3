#if canImport(UIKit)
internal import Foundation
internal import os

/// The module's only logging: one `os_log` line per degraded seam, never a crash.
enum NavigationHooksLog {
    /// Logs `message` at error level, publicly (it names classes and selectors, no user data).
    static func warn(_ message: String) {
        os_log("NavigationHooksUIKit: %{public}@", log: .default, type: .error, message)
    }
}
#endif
