public import NavigationSimulator

/// The iOS behaviour profiles a scenario can run under: the simulator's profiles, under the
/// names the `.nav` format and the command line use (`ios13` … `ios26`).
public typealias ScenarioProfile = IOSProfile
