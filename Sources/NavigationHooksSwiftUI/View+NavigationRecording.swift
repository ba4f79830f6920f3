#if canImport(SwiftUI) && canImport(UIKit)
    public import NavigationRecording
    public import SwiftUI

    extension View {
        /// Records the navigation stack this view is in with `recorder` (a debug build's
        /// session, replayed with `navhooks-bench recording.nav --check`): SwiftUI's own
        /// navigation controller, found from this view, gets the recorder attached once, after
        /// the recommended composition is installed on it (unless the app installed plugins
        /// there), so the recording names the plugins. The file says `host swiftui`.
        ///
        /// ```swift
        /// let recorder = NavigationRecorder()
        ///
        /// NavigationStack(path: $path) {
        ///     Inbox().navigationRecording(recorder)  // on the stack's root view
        /// }
        /// // … later: print(recorder.navFile); recorder.detach()
        /// ```
        ///
        /// Preferences the app changes with the modifiers (`.leaveConfirmation(isActive:)` once
        /// there is something to lose) are written as `set` steps. A recorder already attached
        /// elsewhere is left as it is.
        public func navigationRecording(_ recorder: NavigationRecorder) -> some View {
            background(
                NavigationRecordingProbe(recorder: recorder)
                    .frame(width: 0, height: 0)
                    .accessibility(hidden: true))
        }
    }

    /// The zero-size representable of `View.navigationRecording(_:)`.
    @MainActor
    struct NavigationRecordingProbe: UIViewControllerRepresentable {
        let recorder: NavigationRecorder

        func makeUIViewController(context: Context) -> NavigationRecordingProbeController {
            NavigationRecordingProbeController(recorder: recorder)
        }

        func updateUIViewController(_ controller: NavigationRecordingProbeController, context: Context) {}
    }

    /// Attaches its recorder to the nearest navigation controller once it has one (in
    /// `didMove(toParent:)` or `viewWillAppear`, as the preference probe resolves, R63).
    @MainActor
    final class NavigationRecordingProbeController: InvisibleProbeController {
        private let recorder: NavigationRecorder

        init(recorder: NavigationRecorder) {
            self.recorder = recorder
            super.init()
        }

        override func didMove(toParent parent: UIViewController?) {
            super.didMove(toParent: parent)
            attach()
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            attach()
        }

        private func attach() {
            guard recorder.host == nil, !recorder.isTruncated, let navigationController else { return }
            NavigationHooksInstaller.installOnce(on: navigationController) { .recommended }
            if !recorder.appCodeLines.contains(where: { $0.hasPrefix("host ") }) {
                recorder.appCodeLines.insert("host swiftui", at: 0)
            }
            try? recorder.attach(to: navigationController.navigationHost)
        }
    }
#endif
