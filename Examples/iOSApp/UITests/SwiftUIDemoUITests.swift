import XCTest

/// Drives the demo's SwiftUI entry (`App/SwiftUIDemo.swift`) with real touches: the draft
/// editor's confirmation dialog stops the edge swipe and the back tap, "Discard" leaves and the
/// path follows; a detail with its own back button keeps the swipe; the sheet asks before it
/// is swiped down. Not run in this repository (no simulator here): written for `xcodebuild test`.
@MainActor
final class SwiftUIDemoUITests: XCTestCase {
    private var app: XCUIApplication!

    override func setUp() async throws {
        continueAfterFailure = false
        app = XCUIApplication()
        app.launch()
        app.buttons["SwiftUI"].tap()
        XCTAssertTrue(app.staticTexts["swiftui.path"].waitForExistence(timeout: 10))
    }

    override func tearDown() async throws {
        app.terminate()
    }

    func testTheDraftAsksBeforeEveryWayBackAndDiscardLeaves() {
        app.buttons["Open the draft"].tap()
        let text = app.textViews["swiftui.draft.text"]
        XCTAssertTrue(text.waitForExistence(timeout: 5))
        text.tap()
        text.typeText("unsaved")
        swipeBack(finish: true)
        XCTAssertTrue(app.buttons["Keep Editing"].waitForExistence(timeout: 5), "the swipe asks")
        app.buttons["Keep Editing"].tap()
        XCTAssertTrue(text.exists, "kept: the draft stays")
        app.navigationBars.buttons.element(boundBy: 0).tap()
        XCTAssertTrue(app.buttons["Discard"].waitForExistence(timeout: 5), "the back tap asks")
        app.buttons["Discard"].tap()
        XCTAssertTrue(app.buttons["Open the draft"].waitForExistence(timeout: 5), "discarded: back at the root")
        if #available(iOS 16, *) {
            XCTAssertEqual(app.staticTexts["swiftui.path"].label, "path: 0", "the path followed the stack")
        }
    }

    func testAReplacedBackButtonKeepsTheSwipe() {
        app.buttons["Open a detail"].tap()
        XCTAssertTrue(app.navigationBars["Detail"].waitForExistence(timeout: 5))
        swipeBack(finish: true)
        XCTAssertTrue(app.buttons["Open a detail"].waitForExistence(timeout: 5), "the swipe went back")
    }

    func testTheSheetAsksBeforeItIsSwipedDown() {
        app.buttons["Draft in a sheet"].tap()
        let text = app.textViews["swiftui.draft.text"]
        XCTAssertTrue(text.waitForExistence(timeout: 5))
        text.tap()
        text.typeText("unsaved")
        let top = app.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.12))
        top.press(forDuration: 0.05, thenDragTo: app.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.9)))
        XCTAssertTrue(app.buttons["Discard"].waitForExistence(timeout: 5), "the swipe-down asks")
        app.buttons["Discard"].tap()
        XCTAssertTrue(app.buttons["Draft in a sheet"].waitForExistence(timeout: 5), "the sheet went")
    }

    /// A fast drag from the left edge at mid height, released at once.
    private func swipeBack(finish: Bool) {
        let start = app.coordinate(withNormalizedOffset: CGVector(dx: 0, dy: 0.5)).withOffset(CGVector(dx: 2, dy: 0))
        let end = app.coordinate(withNormalizedOffset: CGVector(dx: finish ? 0.9 : 0.3, dy: 0.5))
        start.press(forDuration: 0.05, thenDragTo: end)
    }
}
