#if canImport(UIKit)
// Filled in by its issue.
#endif
