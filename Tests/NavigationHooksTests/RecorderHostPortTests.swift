import NavigationHooks
import NavigationRecording
import Testing

/// The recorder through the host port alone (no simulator): attaching, a host that cannot
/// report, a stack already shown, names by class, the profile line.
@MainActor
struct RecorderHostPortTests {
    @Test func aHostKeepingThePortsDefaultCannotBeRecorded() {
        let host = TestHost("A")
        #expect(throws: NavigationRecorderError.hostCannotReport) { try NavigationRecorder().attach(to: host) }
        #expect(host.navigationObserver == nil)
    }

    @Test func aStackAlreadyShownIsRecordedAsRootAndPushesNamedByClass() throws {
        let host = TestHost("Home", "Detail", "Detail")
        host.reportsToObserver = true
        host.screens[0].navigationPreferences.prefersNavigationBarHidden = true
        let recorder = NavigationRecorder()
        try recorder.attach(to: host)
        #expect(host.navigationObserver === recorder)
        host.report(.userInput(.keyBack))
        host.report(.settled)
        let file = recorder.navFile
        // TestScreen is the class of all three: the name is the class, indexed per instance
        // (the first carries other preferences, so the plain name is taken by its declaration).
        #expect(file.contains("screen TestScreen bar=hidden\nscreen TestScreen2\nscreen TestScreen3\n"))
        #expect(file.contains("root TestScreen\npush TestScreen2 animated=false\npush TestScreen3 animated=false\n"))
        #expect(file.contains("profile ios17\nplugin none\n"))
        #expect(file.hasSuffix("key-back\nexpect stack TestScreen TestScreen2 TestScreen3\nexpect bar visible\n"))
        #expect(!file.contains("Home"))  // screen names (titles) are never written
        recorder.detach()
        #expect(host.navigationObserver == nil)
    }

    /// A host other than the simulator (as the UIKit host is): the recorder reads a change of
    /// the screen's preferences (`popGuard`, `leaveConfirmation`, the gesture) and of its
    /// navigation item's custom back button, and writes it as a `set` before the next step.
    @Test func preferenceChangesOnAnyHostAreSetSteps() throws {
        let host = TestHost("List", "Editor")
        host.reportsToObserver = true
        let recorder = NavigationRecorder()
        try recorder.attach(to: host)
        let editor = try #require(host.screens.last as? TestScreen)
        editor.navigationPreferences.leaveConfirmation = LeaveConfirmation { _ in }
        editor.hasCustomBackButton = true
        host.report(.userInput(.tapBack))
        host.report(.settled)
        editor.navigationPreferences.leaveConfirmation = nil
        editor.navigationPreferences.popGuard = { _ in .deny(reason: "saving") }
        editor.navigationPreferences.isPopGestureEnabled = false
        host.report(.userInput(.keyBack))
        let file = recorder.navFile
        #expect(file.contains("expect bar visible\nset TestScreen2 guard=confirm back=custom\ntap-back\n"), "\(file)")
        #expect(file.contains("expect bar visible\nset TestScreen2 guard=deny gesture=disabled\nkey-back\n"), "\(file)")
    }

    @Test func theProfileLineFollowsTheRunningIOSVersion() {
        #expect(NavigationRecorder.profileLine(forMajorVersion: 13) == "profile ios13")
        #expect(NavigationRecorder.profileLine(forMajorVersion: 15) == "profile ios14  # iOS 15")
        #expect(NavigationRecorder.profileLine(forMajorVersion: 18) == "profile ios18")
        #expect(NavigationRecorder.profileLine(forMajorVersion: 26) == "profile ios26")
        #expect(NavigationRecorder.profileLine(forMajorVersion: 27) == "profile ios27")
        #expect(NavigationRecorder.profileLine(forMajorVersion: 28) == "profile ios27  # iOS 28")
    }
}
