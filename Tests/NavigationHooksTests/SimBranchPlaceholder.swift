// Only so branch `sim` builds on its own: the core tests live on main.
enum SimBranchCoreTestsPlaceholder {}
