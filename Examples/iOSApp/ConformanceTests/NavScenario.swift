import Foundation

/// The subset of the scenario format (`SCENARIOS.md`, `*.nav`) that can be replayed on a
/// real `UINavigationController` from a unit test: the app's own stack changes and modals.
///
/// User gestures (`tap-back`, `back-menu`, `swipe-back`, `content-swipe`) need synthesized
/// touches, which XCTest unit tests cannot make; a scenario containing one is reported as
/// not replayable (an XCUITest runner is the follow-up). `expect` lines and `wait` are
/// ignored: the trace comparison is the check.
struct NavScenario {
    enum Step: Equatable {
        case root(String)
        case push(String, animated: Bool)
        case pop(animated: Bool)
        case popTo(String, animated: Bool)
        case popToRoot(animated: Bool)
        case setStack([String], animated: Bool)
        case present(String, fullScreen: Bool)
        case dismiss
    }

    var name: String
    var profiles: [String] = []
    var screens: [String] = []
    var steps: [Step] = []
    /// Steps this runner cannot replay, with their line numbers.
    var unsupported: [String] = []

    /// Parses `text`; unknown or unsupported statements land in ``unsupported``.
    init(name: String, text: String) {
        self.name = name
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(separator: " ").map(String.init)
            guard let keyword = words.first else { continue }
            let arguments = words.dropFirst().filter { !$0.contains("=") }
            let options = Dictionary(
                words.dropFirst().compactMap { word -> (String, String)? in
                    let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                    return parts.count == 2 ? (parts[0], parts[1]) : nil
                }, uniquingKeysWith: { _, last in last })
            let animated = options["animated"] != "false"
            switch keyword {
            case "scenario", "delegate", "expect", "wait": break
            case "profile": profiles = Array(arguments)
            case "screen": if let screen = arguments.first { screens.append(screen) }
            case "root": if let screen = arguments.first { steps.append(.root(screen)) }
            case "push": if let screen = arguments.first { steps.append(.push(screen, animated: animated)) }
            case "pop": steps.append(.pop(animated: animated))
            case "pop-to": if let screen = arguments.first { steps.append(.popTo(screen, animated: animated)) }
            case "pop-to-root": steps.append(.popToRoot(animated: animated))
            case "set-stack": steps.append(.setStack(Array(arguments), animated: animated))
            case "present":  // the format's default style is a page sheet, as UIKit's since iOS 13
                if let screen = arguments.first {
                    steps.append(.present(screen, fullScreen: options["style"] == "fullscreen"))
                }
            case "dismiss": steps.append(.dismiss)
            default: unsupported.append("line \(index + 1): \(keyword)")
            }
        }
    }

    /// `true` when every step can be replayed here.
    var isReplayable: Bool {
        guard unsupported.isEmpty, case .root? = steps.first else { return false }
        return true
    }
}
