import Testing

@testable import NavigationBench

/// The bench's messages for a new user's first surprises name the way out.
@MainActor
struct FirstHourBenchMessageTests {
    /// A back tap pops the refusing form without a plugin; no `expect` line says so.
    static let unguarded = """
        profile ios17
        screen Home
        screen Form guard=deny
        root Home
        push Form
        tap-back
        """

    @Test func anIOSVersionWithoutAProfileNamesTheProfileThatPlaysIt() {
        let (status, _, err) = RecordingReplayTests.bench(["--profiles", "ios15"])
        #expect(status == 2)
        #expect(err.contains("unknown profile 'ios15'; expected ios13, "), "\(err)")
        #expect(err.contains("; iOS 15 is played by 'ios14' (the profile for iOS 14–15)"), "\(err)")
    }

    /// `--check` fails on `expect` lines only: it passes, in the singular, and says what it
    /// did not fail on and how to make it.
    @Test func aPassedCheckCountsTheDefectsNoExpectLineStates() throws {
        let path = try RecordingReplayTests.write(Self.unguarded, name: "unguarded.nav")
        let (status, _, err) = RecordingReplayTests.bench([path, "--plugins", "none", "--check"])
        #expect(status == 0)
        #expect(err.contains("navhooks-bench: check passed: 1 run of none\n"), "\(err)")
        #expect(
            err.contains(
                "navhooks-bench: note: --check fails on expect lines only; these runs also had 1 defect that no "
                    + "expect line states (1 unguarded): state what must hold after the step"), "\(err)")
    }

    /// With the file stating what must hold, the same run fails the check.
    @Test func anExpectLineMakesTheSameDefectFailTheCheck() throws {
        let path = try RecordingReplayTests.write(Self.unguarded + "\nexpect top Form\n", name: "stated.nav")
        let (status, _, err) = RecordingReplayTests.bench([path, "--plugins", "none", "--check"])
        #expect(status == 1)
        #expect(err.contains("check failed: 1 expect failure in 1 run of none"), "\(err)")
    }

    /// JUnit carries the failures whatever the options; only `--check` sets the exit status,
    /// and without it the bench says so.
    @Test func junitWithoutCheckSaysTheExitStatusIsZero() throws {
        let path = try RecordingReplayTests.write(Self.unguarded + "\nexpect top Form\n", name: "junit.nav")
        let (status, out, err) = RecordingReplayTests.bench([path, "--plugins", "none", "--format", "junit"])
        #expect(status == 0)
        #expect(out.contains("<failure"))
        #expect(
            err.contains(
                "the JUnit report has 1 failed test case; without --check the exit status is 0: add --check"),
            "\(err)")
        let (checked, _, checkedErr) = RecordingReplayTests.bench([
            path, "--plugins", "none", "--format", "junit", "--check",
        ])
        #expect(checked == 1)
        #expect(!checkedErr.contains("without --check"))
    }
}
