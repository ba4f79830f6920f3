#if canImport(UIKit)
// An app that writes `import NavigationHooksUIKit` gets the core (`LeaveConfirmation`, the
// handler protocols, `HookRegistry`), the strategy plugins and `StrategyComposition` with it.
@_exported public import NavigationHooks
@_exported public import NavigationStrategies
#endif
