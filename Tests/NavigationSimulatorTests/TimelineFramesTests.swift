import NavigationSimulator
import Testing

/// ``Timeline/Frames`` stores frames compactly (numbers, names as indices): every frame reads
/// back as it was appended.
@MainActor
struct TimelineFramesTests {
    private let appended = [
        Timeline.Frame(time: 1.0 / 60, barVisibleFraction: 1, topScreen: "Root"),
        Timeline.Frame(
            time: 2.0 / 60, barVisibleFraction: 0.25, topScreen: "Detail", transitionProgress: 0.5,
            transitionID: 7),
        Timeline.Frame(time: 3.0 / 60, barVisibleFraction: 0, topScreen: nil, transitionProgress: 0, isCovered: true),
        Timeline.Frame(time: 4.0 / 60, barVisibleFraction: -0.0, topScreen: "Root", transitionID: Int.max),
    ]

    @Test func framesReadBackAsAppended() {
        var timeline = Timeline()
        for frame in appended { timeline.append(frame) }
        #expect(Array(timeline.frames) == appended)
        #expect(timeline.frames.count == 4 && timeline.elapsedFrames == 4)
        #expect(timeline.frames[1].transitionProgress == 0.5 && timeline.frames[1].transitionID == 7)
        #expect(timeline.frames[2].topScreen == nil && timeline.frames[2].transitionID == nil)
        #expect(timeline.frames[3].transitionProgress == nil && timeline.frames[3].transitionID == Int.max)
        #expect(timeline.frames[1...].map(\.topScreen) == ["Detail", nil, "Root"])
        #expect(Timeline(frames: appended) == timeline)
    }

    @Test func framesDifferingInOneFieldAreNotEqual() {
        #expect(Timeline.Frames(appended) == Timeline.Frames(appended))
        var renamed = appended
        renamed[3].topScreen = "Detail"
        #expect(Timeline.Frames(renamed) != Timeline.Frames(appended))
        var started = appended
        started[0].transitionProgress = 0  // stored as 0 with a flag: not the same as none
        #expect(Timeline.Frames(started) != Timeline.Frames(appended))
        #expect(Timeline.Frames(appended.reversed()) != Timeline.Frames(appended))
    }

    @Test func manyScreenNamesStayDistinct() {
        let names = (0..<40).map { "Screen\($0)" }
        let frames = Timeline.Frames(
            names.map { Timeline.Frame(time: 0, barVisibleFraction: 1, topScreen: $0) }
                + names.reversed().map { Timeline.Frame(time: 1, barVisibleFraction: 1, topScreen: $0) })
        #expect(frames.map(\.topScreen) == names + names.reversed())
    }

    @Test func aRunRecordsEachFrameItsTopScreen() {
        let nav = SimNavigationController(profile: .ios26)
        nav.setViewControllers([SimScreen("A")], animated: false)
        nav.pushViewController(SimScreen("B"), animated: true)
        nav.runUntilIdle()
        nav.popViewController(animated: true)
        nav.runUntilIdle()
        let tops = nav.timeline.frames.map(\.topScreen)
        #expect(tops == Array(repeating: "B", count: 21) + Array(repeating: "A", count: 21))
        #expect(nav.timeline.frames.allSatisfy { $0.transitionID != nil && $0.transitionProgress != nil })
    }
}
