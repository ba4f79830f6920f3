#if canImport(UIKit)
// An app that writes `import NavigationHooksUIKit` gets the strategy plugins and
// `StrategyComposition` with it. (The core, `NavigationHooks`, is imported by name where a
// file uses its types: exporting it from here would let its `NavigationHooks` class shadow
// the module's name in this module's own files.)
@_exported public import NavigationStrategies
#endif
