#if canImport(UIKit)
internal import Foundation

/// The shares of the process-wide patches one host holds (``MethodPatch`` is
/// reference-counted across every navigation controller), so they are given back exactly
/// once: when the seam that took them deactivates, or when the host goes away with the
/// navigation controller while seams are still active (its `deinit` calls ``releaseAll()``
/// on the main queue). A seam that deactivates after that finds nothing to release.
@MainActor
final class ProcessPatchLedger {
    /// One process-wide patch.
    enum Patch: CaseIterable {
        case appearance, popOperations, shouldPopItem, privateBackButton
        case navigationDelegateSetter, gestureDelegateSetter, presentationDelegateSetter
        case accessibilityEscape, backKeyCommand
    }

    private var held: [Patch: Int] = [:]

    /// Takes one share of `patch` (installing it if this is the process's first).
    func hold(_ patch: Patch) {
        held[patch, default: 0] += 1
        switch patch {
        case .appearance: AppearancePatch.retain()
        case .popOperations: PopOperationsPatch.retain()
        case .shouldPopItem: ShouldPopItemPatch.retain()
        case .privateBackButton: PrivateBackButtonPatch.retain()
        case .navigationDelegateSetter: DelegateSetterPatch.retain(DelegateSetterPatch.navigationController)
        case .gestureDelegateSetter: DelegateSetterPatch.retain(DelegateSetterPatch.gestureRecognizer)
        case .presentationDelegateSetter: DelegateSetterPatch.retain(DelegateSetterPatch.presentationController)
        case .accessibilityEscape: AccessibilityEscapePatch.retain()  // R50
        case .backKeyCommand: BackKeyCommandPatch.retain()  // R51
        }
    }

    /// Gives one share of `patch` back, if this host holds one.
    func drop(_ patch: Patch) {
        guard let count = held[patch], count > 0 else { return }
        held[patch] = count - 1
        switch patch {
        case .appearance: AppearancePatch.release()
        case .popOperations: PopOperationsPatch.release()
        case .shouldPopItem: ShouldPopItemPatch.release()
        case .privateBackButton: PrivateBackButtonPatch.release()
        case .navigationDelegateSetter: DelegateSetterPatch.navigationController?.release()
        case .gestureDelegateSetter: DelegateSetterPatch.gestureRecognizer?.release()
        case .presentationDelegateSetter: DelegateSetterPatch.presentationController?.release()
        case .accessibilityEscape: AccessibilityEscapePatch.release()
        case .backKeyCommand: BackKeyCommandPatch.release()
        }
    }

    /// Gives every share back.
    func releaseAll() {
        for patch in Patch.allCases {
            while let count = held[patch], count > 0 { drop(patch) }
        }
    }

    /// Runs ``releaseAll()`` on the main actor: now when called on the main thread (a
    /// navigation controller normally deallocates there), otherwise on the next main-queue turn.
    nonisolated func releaseAllFromDeinit() {
        if Thread.isMainThread {
            MainActor.assumeIsolated { releaseAll() }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { self.releaseAll() } }
        }
    }
}
#endif
