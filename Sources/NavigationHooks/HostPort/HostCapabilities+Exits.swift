extension HostCapabilities {
    /// `UINavigationController` answers ⌘[ on a hardware keyboard (iPadOS 15+, rule R51).
    public var hasBackKeyCommand: Bool { iOSMajorVersion >= 15 }
}
