/// Identifies one registration in a ``HandlerChain``; returned by `add` and taken by
/// `remove`. Unique within the chain that issued it.
public struct HandlerID: Hashable, Sendable, CustomStringConvertible {
    let chain: ObjectIdentifier
    let serial: UInt32
    public var description: String { "#\(serial)" }
}

/// Where a handler joins a chain. There are no integer priorities: a handler is placed
/// relative to the ends or to another handler.
public enum HandlerPosition: Sendable, Equatable {
    /// Before every handler already there.
    case first
    /// After every handler already there (the default).
    case last
    /// Immediately before the handler with this id.
    case before(HandlerID)
    /// Immediately after the handler with this id.
    case after(HandlerID)
}

/// Misuse of a ``HandlerChain``. A failed call changes nothing.
public enum HandlerChainError: Error, Equatable, CustomStringConvertible {
    /// No handler with this id is registered (it was removed, or came from another chain).
    case unknownHandler(HandlerID)
    /// No handler with this name is registered.
    case unknownName(String)
    /// A handler with this name is already registered; names are unique in a chain.
    case duplicateName(String)

    public var description: String {
        switch self {
        case .unknownHandler(let id): "no handler \(id) in this chain"
        case .unknownName(let name): "no handler named '\(name)' in this chain"
        case .duplicateName(let name): "a handler named '\(name)' is already in this chain"
        }
    }
}

/// An ordered list of handlers for one interception point.
///
/// Registration (positions, names, ids, removal) is the same for every point; what the
/// chain *means* depends on the point, and is implemented by the chain's conformance to
/// that point's handler protocol:
///
/// ```
/// shouldPop, gestureShouldBegin   h1 -> h2 -> h3    first non-.pass answer wins
/// backButtonAction                h1 -> h2 -> h3    first non-.pass answer consumes the tap
/// willShow                        h1, h2, h3        every handler, in order
/// ```
///
/// For example, with `[logger (.pass), draftGuard (.deny), alwaysAllow (.allow)]` a
/// `shouldPop` chain asks `logger`, then `draftGuard`, and answers `.deny` without ever
/// asking `alwaysAllow`.
///
/// Because a chain conforms to its point's handler protocol, a chain is itself a handler
/// and can be registered in another chain (chains nest).
///
/// A handler added or removed while the chain is being evaluated takes effect from the
/// next evaluation: each evaluation walks the list as it was when it started.
///
/// A dispatch walks the chain without copying it; adding or removing a handler costs time
/// proportional to the chain's length (it rebuilds the list).
@MainActor
public final class HandlerChain<Handler> {
    /// One registration, and the registrations after it. Entries never change: adding or
    /// removing a handler builds new ones. So an evaluation walks the chain as it was when it
    /// started by holding one entry at a time (a retain and a release per handler), with no
    /// snapshot of the whole list to retain, whatever its handlers add or remove.
    final class Entry {
        let id: HandlerID
        let name: String?
        let handler: Handler
        let next: Entry?

        init(id: HandlerID, name: String?, handler: Handler, next: Entry?) {
            self.id = id
            self.name = name
            self.handler = handler
            self.next = next
        }

        var label: String { name ?? id.description }
    }

    /// The first entry; `nil` when the chain is empty.
    ///
    /// `@exclusivity(unchecked)`: main-actor isolated, and no access is held across a call
    /// (evaluation reads it once), so accesses cannot overlap; the dynamic check was part of
    /// every dispatch's fixed cost.
    @exclusivity(unchecked) private(set) var first: Entry?
    /// `@exclusivity(unchecked)`, as ``first``: read and written around no call (every run the
    /// bench plays registers its plugins' handlers).
    @exclusivity(unchecked) private var nextSerial: UInt32 = 1
    /// Told when the chain goes from empty to non-empty (`false`) and back (`true`).
    var onEmptinessChange: (@MainActor (_ isEmpty: Bool) -> Void)?

    /// Creates an empty chain.
    public init() {}

    /// The entries, in evaluation order.
    private var entries: [Entry] {
        guard let first else { return [] }
        return Array(sequence(first: first, next: \.next))
    }

    /// The number of registered handlers.
    public var count: Int { entries.count }
    /// `true` when no handler is registered.
    public var isEmpty: Bool { first == nil }
    /// The registered ids, in evaluation order.
    public var ids: [HandlerID] { entries.map(\.id) }
    /// The registered names (`nil` for unnamed handlers), in evaluation order.
    public var names: [String?] { entries.map(\.name) }

    /// Whether `id` is registered here.
    public func contains(_ id: HandlerID) -> Bool { entries.contains { $0.id == id } }

    /// Registers `handler` at `position`, optionally under a `name` unique in this chain.
    ///
    /// - Throws: ``HandlerChainError/duplicateName(_:)`` if the name is taken,
    ///   ``HandlerChainError/unknownHandler(_:)`` if `position` refers to an id not here.
    ///   Nothing changes when it throws.
    /// - Returns: the id to remove the handler with.
    @discardableResult
    public func add(_ handler: Handler, at position: HandlerPosition = .last, name: String? = nil)
        throws(HandlerChainError) -> HandlerID
    {
        // Walks the entries in place: every run the bench plays registers its plugins' handlers,
        // and a debug build runs the generic array code this once used unspecialized.
        var count = 0
        var entry = first
        while let current = entry {
            if let name, current.name == name { throw .duplicateName(name) }
            count += 1
            entry = current.next
        }
        let index: Int
        switch position {
        case .first: index = 0
        case .last: index = count
        case .before(let anchor): index = try self.index(of: anchor)
        case .after(let anchor): index = try self.index(of: anchor) + 1
        }
        let id = HandlerID(chain: ObjectIdentifier(self), serial: nextSerial)
        nextSerial += 1
        let wasEmpty = first == nil
        first = copying(index, then: Entry(id: id, name: name, handler: handler, next: self.entry(at: index)))
        if wasEmpty { onEmptinessChange?(false) }
        return id
    }

    /// Removes the handler registered under `id`.
    ///
    /// - Throws: ``HandlerChainError/unknownHandler(_:)``; nothing changes.
    public func remove(_ id: HandlerID) throws(HandlerChainError) {
        try remove(at: index(of: id))
    }

    /// Removes the handler registered under `name`.
    ///
    /// - Throws: ``HandlerChainError/unknownName(_:)``; nothing changes.
    public func remove(named name: String) throws(HandlerChainError) {
        var index = 0
        var entry = first
        while let current = entry {
            if current.name == name { return remove(at: index) }
            index += 1
            entry = current.next
        }
        throw .unknownName(name)
    }

    private func remove(at index: Int) {
        first = copying(index, then: entry(at: index)?.next)
        if first == nil { onEmptinessChange?(true) }
    }

    /// The entry at `index` (`nil` at the end).
    private func entry(at index: Int) -> Entry? {
        var entry = first
        var remaining = index
        while remaining > 0, let current = entry {
            entry = current.next
            remaining -= 1
        }
        return entry
    }

    /// New entries for the first `count` registrations, in order, ahead of `tail`. The entries
    /// after them are kept as they are: no entry ever changes, so an evaluation under way still
    /// walks the list it started on.
    private func copying(_ count: Int, then tail: Entry?) -> Entry? {
        guard count > 0 else { return tail }
        var prefix: [Entry] = []
        prefix.reserveCapacity(count)
        var entry = first
        while prefix.count < count, let current = entry {
            prefix.append(current)
            entry = current.next
        }
        var next = tail
        var index = prefix.count
        while index > 0 {
            index -= 1
            let old = prefix[index]
            next = Entry(id: old.id, name: old.name, handler: old.handler, next: next)
        }
        return next
    }

    private func index(of id: HandlerID) throws(HandlerChainError) -> Int {
        var index = 0
        var entry = first
        while let current = entry {
            if current.id == id { return index }
            index += 1
            entry = current.next
        }
        throw .unknownHandler(id)
    }
}
