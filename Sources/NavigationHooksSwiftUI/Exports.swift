#if canImport(SwiftUI) && canImport(UIKit)
    // An app that writes `import NavigationHooksSwiftUI` gets the UIKit host (and with it the
    // strategy plugins and `StrategyComposition`): a SwiftUI screen and a UIKit screen declare the
    // same preferences.
    @_exported public import NavigationHooksUIKit
#endif
