/// The second readings of *inferred* rules that the simulator can play instead of the reading it
/// models by default (UIKitRules.md gives each inferred rule its alternative, or says why it has
/// one credible reading). A rule a restore image's method body decided (R42, R51, R57) has none: its
/// reading is the body's; a rule no run turns on any more (R79, now that the ⌘[ seam's command
/// stands on the navigation controller, R80) is listed in UIKitRules.md as not played. A controller plays a rule's alternative when its
/// ``SimNavigationController/ruleVariants`` holds the rule's id; everything else stays the
/// documented model.
///
/// The bench replays a run with a rule's alternative only when the run's timeline consulted that
/// rule (its `inferredRules`), and ranks on the worst outcome; a defect that only an alternative
/// shows is labelled with it (`R62 alt`).
public enum RuleVariants {
    /// Each rule with a playable alternative, by id, with what the alternative does.
    public static let alternatives: [String: String] = [
        "R10": "a cancelled interactive pop ends with willShow and didShow for the screen that stays "
            + "before iOS 18 too, as the 18.x and 26.1 bodies send them (R42)",
        "R24": "a gesture pop asks navigationBar(_:shouldPop:) when it begins, as the back button does, "
            + "and a false keeps the screen",
        "R41": "a cancelled pop undoes the bar requests made while the finger drove it: "
            + "the bar ends as it was before the swipe",
        "R50": "VoiceOver's escape pops without asking navigationBar(_:shouldPop:)",
        "R53": "on iOS 26 a trackpad swipe drives the content recognizer (its own delegate slot, "
            + "yielding to scroll views), not the edge one",
        "R62": "a hosting controller keeps what was written into its item: preferences written once "
            + "survive its appearances",
        "R120": "the vertical bar's back button is a control of its own: it runs backAction but pops "
            + "without asking navigationBar(_:shouldPop:)",
        "R121": "setNavigationBarHidden hides only the top bar: the vertical bar and its back button stay",
        "R122": "a leading vertical bar takes the touch at the leading edge: the edge pop swipe does not begin",
    ]

    /// The label of a rule's alternative in reports: `R62 alt`.
    public static func label(_ rule: String) -> String { "\(rule) alt" }

    /// The rules among `rules` (a run's `inferredRules`) whose alternative can be played, in order.
    public static func playable(in rules: [String]) -> [String] {
        rules.filter { alternatives[$0] != nil }
    }

    /// Whether playing `rule`'s alternative can change a run on `profile` whose controller has
    /// hooks on the seams `hooked` (``SimNavigationController/seamsWithHooks``); `false` means
    /// the alternative's run is the documented one, so it need not be played. Each alternative
    /// acts only through what it names: R24 and R50 add or drop a question to the
    /// `shouldPopItem` hooks (with none, UIKit's own answer is yes), and R120 drops one; R10's
    /// `willShow` and `didShow` are R42's, which the bodies send from iOS 18.
    public static func canDiffer(_ rule: String, profile: IOSProfile, hooked: SeamSet) -> Bool {
        if rule == "R10" { return profile.majorVersion < 18 }
        let asked = seams(askedBy: rule)
        return asked.isEmpty || !asked.isDisjoint(with: hooked)
    }

    /// The seams whose hooks `rule`'s alternative adds or drops a question to (empty: it acts
    /// whatever is hooked). A run that skipped the alternative because none of them had hooks
    /// counts them as reached when the bench reuses a run whole: a combination that adds hooks
    /// there is not the same run, it plays that alternative (its other readings may still be
    /// the smaller run's).
    public static func seams(askedBy rule: String) -> SeamSet {
        switch rule {
        case "R24", "R50", "R120": SeamSet(.shouldPopItem)
        default: []
        }
    }
}

extension SimNavigationController {
    /// `true` when this controller plays `rule`'s alternative reading (``RuleVariants``).
    public func playsAlternative(of rule: String) -> Bool {
        !ruleVariants.isEmpty && ruleVariants.contains(rule)
    }
}
