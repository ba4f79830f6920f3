import NavigationSimulator
import Testing

@MainActor
struct ProfileTests {
    @Test(arguments: [
        (12, IOSProfile.ios13), (13, .ios13), (14, .ios14), (15, .ios14), (16, .ios16), (17, .ios17), (18, .ios18),
        (25, .ios18), (26, .ios26), (27, .ios27), (28, .ios27),
    ])
    func aRunningVersionIsModelledByTheNewestProfileNotAfterIt(version: Int, profile: IOSProfile) {
        #expect(IOSProfile(modelling: version) == profile)
    }

    @Test(arguments: IOSProfile.allCases)
    func everyProfileModelsItsOwnVersion(profile: IOSProfile) {
        #expect(IOSProfile(modelling: profile.majorVersion) == profile)
    }
}
