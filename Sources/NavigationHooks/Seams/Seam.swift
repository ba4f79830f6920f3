/// Identifies one hook on a ``Seam``; returned by ``Seam/add(_:)``.
public struct SeamToken: Hashable, Sendable, CustomStringConvertible {
    let seam: ObjectIdentifier
    let serial: UInt32
    public var description: String { "seam hook #\(serial)" }
}

/// Misuse of a ``Seam``. A failed call changes nothing.
public enum SeamError: Error, Equatable, CustomStringConvertible {
    /// The token is not on this seam (removed already, or from another seam).
    case unknownHook(SeamToken)

    public var description: String {
        switch self {
        case .unknownHook(let token): "\(token) is not installed on this seam"
        }
    }
}

/// One interception mechanism of a host (a forwarding delegate proxy, a replaced method
/// implementation, `backAction`, …), holding a **list** of hooks: two plugins on one seam
/// both run, in the order they were added.
///
/// The host installs the mechanism when the first hook arrives and restores exactly what
/// was there when the last one leaves (`activate` / `deactivate`), so uninstalling every
/// plugin leaves the navigation controller as it was.
@MainActor
public final class Seam<Hook> {
    /// A name for timelines and errors, e.g. `navigationBar(_:shouldPop:)`.
    public let name: String
    /// Whether the mechanism exists on this host: `backAction` before iOS 16 does not
    /// (R26); a private hook whose class is missing does not (R27). Hooks may still be
    /// added to an unavailable seam; they are never called.
    public let isAvailable: Bool
    // `@exclusivity(unchecked)` on the stored state: main-actor isolated, and no access is held
    // across a call (`activate` and `deactivate` run after the writes), so accesses cannot
    // overlap; the dynamic checks cost a debug build ~80 instructions each, six an `add`.

    /// The hooks, in the order they run.
    public var hooks: [Hook] { list }
    /// ``hooks``' storage, behind a getter because another module's direct read of a stored
    /// property checks exclusivity whatever the attribute says (hosts read the hooks at every
    /// call of a seam).
    @exclusivity(unchecked) private var list: [Hook] = []
    /// The serial of each hook's token, in the order of ``hooks`` (every token of this seam
    /// has this seam's identifier): `[UInt32]`, whose `append` a debug build runs specialized,
    /// where one of `[SeamToken]` ran the standard library's generic code (~950 instructions,
    /// and every run the bench plays adds its plugins' hooks). `nil` until a hook is removed:
    /// until then the hook at index `i` has the serial `i + 1` (each `add` takes the next
    /// serial and appends), and most seams never lose a hook (an `append` cost a debug build
    /// ~300 instructions, and destroying the array ~150 a seam).
    @exclusivity(unchecked) private var serials: [UInt32]?
    /// `hooks.count`, kept: in a debug build `hooks.isEmpty` and `hooks.count` look up the
    /// metadata of `Array<Hook>` at each call (~440 instructions), and hosts ask `isEmpty`
    /// before every call of a seam (callgrind of a debug bench worker: 1.2% in `isEmpty` and
    /// `add`).
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var nextSerial: UInt32 = 1
    private let activate: @MainActor () -> Void
    private let deactivate: @MainActor () -> Void

    /// Creates a seam. `activate` runs when the first hook is added, `deactivate` when the
    /// last is removed.
    public init(
        _ name: String, isAvailable: Bool = true,
        activate: @escaping @MainActor () -> Void = {},
        deactivate: @escaping @MainActor () -> Void = {}
    ) {
        self.name = name
        self.isAvailable = isAvailable
        self.activate = activate
        self.deactivate = deactivate
    }

    /// `true` when no hook is installed.
    public var isEmpty: Bool { count == 0 }

    /// Adds `hook` after the ones already there.
    @discardableResult
    public func add(_ hook: Hook) -> SeamToken {
        let token = SeamToken(seam: ObjectIdentifier(self), serial: nextSerial)
        nextSerial += 1
        // The first hook as an array literal: most seams get one hook, and a debug build's
        // generic `append` grew the empty array and looked up `Array<Hook>`'s metadata first.
        if count == 0 { list = [hook] } else { list.append(hook) }
        if serials != nil { serials!.append(token.serial) }
        count += 1
        if count == 1 { activate() }
        return token
    }

    /// Removes the hook added under `token`.
    ///
    /// - Throws: ``SeamError/unknownHook(_:)``; nothing changes.
    public func remove(_ token: SeamToken) throws(SeamError) {
        guard token.seam == ObjectIdentifier(self), let index = index(of: token.serial) else {
            throw .unknownHook(token)
        }
        list.remove(at: index)
        serials!.remove(at: index)
        count -= 1
        if count == 0 { deactivate() }
    }

    /// The index in ``hooks`` of the hook with the serial `serial`, if any; `serials` kept
    /// from now on.
    private func index(of serial: UInt32) -> Int? {
        if let serials { return serials.firstIndex(of: serial) }
        guard serial >= 1, Int(serial) <= count else { return nil }
        var kept: [UInt32] = []
        kept.reserveCapacity(count)
        for known in 0..<UInt32(count) { kept.append(known + 1) }
        serials = kept
        return Int(serial) - 1
    }
}
