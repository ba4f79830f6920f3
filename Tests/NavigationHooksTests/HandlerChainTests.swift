import NavigationHooks
import Testing

@MainActor
struct HandlerChainTests {
    /// Registers handlers named by their position rules and returns the evaluation order.
    @Test(arguments: [
        ([HandlerPositionSpec.last("a"), .last("b"), .last("c")], ["a", "b", "c"]),
        ([.last("a"), .last("b"), .first("c")], ["c", "a", "b"]),
        ([.last("a"), .last("b"), .before("b", "c")], ["a", "c", "b"]),
        ([.last("a"), .last("b"), .after("a", "c")], ["a", "c", "b"]),
        ([.first("a"), .first("b"), .after("b", "c"), .before("a", "d")], ["b", "c", "d", "a"]),
    ])
    func positionsOrderTheChain(specs: [HandlerPositionSpec], expected: [String]) throws {
        let host = TestHost("Root", "Top")
        let chain = HandlerChain<any ShouldPopHandler>()
        var order: [String] = []
        var ids: [String: HandlerID] = [:]
        for spec in specs {
            let position: HandlerPosition =
                switch spec {
                case .first: .first
                case .last: .last
                case .before(let anchor, _): .before(ids[anchor]!)
                case .after(let anchor, _): .after(ids[anchor]!)
                }
            let name = spec.name
            ids[name] = try chain.add(at: position, name: name) { _ in
                order.append(name)
                return .pass
            }
        }
        #expect(chain.names == expected)
        _ = chain.shouldPop(host.context(.backButton))
        #expect(order == expected)
    }

    @Test func removalByIdAndByName() throws {
        let chain = HandlerChain<any ShouldPopHandler>()
        let a = try chain.add(name: "a") { _ in .pass }
        try chain.add(name: "b") { _ in .pass }
        try chain.remove(a)
        #expect(chain.names == ["b"])
        try chain.remove(named: "b")
        #expect(chain.isEmpty)
    }

    @Test func removingAnUnknownHandlerIsATypedErrorAndChangesNothing() throws {
        let chain = HandlerChain<any ShouldPopHandler>()
        let other = HandlerChain<any ShouldPopHandler>()
        let kept = try chain.add(name: "kept") { _ in .pass }
        let foreign = try other.add { _ in .pass }
        #expect(throws: HandlerChainError.unknownHandler(foreign)) { try chain.remove(foreign) }
        #expect(throws: HandlerChainError.unknownName("missing")) { try chain.remove(named: "missing") }
        try chain.remove(kept)
        #expect(throws: HandlerChainError.unknownHandler(kept)) { try chain.remove(kept) }
        #expect(other.count == 1)
    }

    @Test func anAnchorThatIsNotInTheChainIsATypedError() throws {
        let chain = HandlerChain<any ShouldPopHandler>()
        let gone = try chain.add { _ in .pass }
        try chain.remove(gone)
        #expect(throws: HandlerChainError.unknownHandler(gone)) { try chain.add(at: .after(gone)) { _ in .pass } }
        #expect(chain.isEmpty)
    }

    @Test func duplicateNamesAreRefused() throws {
        let chain = HandlerChain<any WillShowHandler>()
        try chain.add(name: "bar") { _ in }
        #expect(throws: HandlerChainError.duplicateName("bar")) { try chain.add(name: "bar") { _ in } }
        #expect(chain.count == 1)
        try chain.remove(named: "bar")
        try chain.add(name: "bar") { _ in }
        #expect(chain.names == ["bar"])
    }

    @Test func aHandlerAddedDuringADispatchRunsFromTheNextDispatch() throws {
        let host = TestHost("Root", "Top")
        let chain = HandlerChain<any ShouldPopHandler>()
        var calls: [String] = []
        try chain.add(name: "adder") { _ in
            calls.append("adder")
            if !chain.names.contains("late") {
                _ = try? chain.add(at: .first, name: "late") { _ in
                    calls.append("late")
                    return .deny(reason: "late")
                }
            }
            return .pass
        }
        #expect(chain.shouldPop(host.context(.backButton)) == .pass)
        #expect(calls == ["adder"])
        calls.removeAll()
        #expect(chain.shouldPop(host.context(.backButton)) == .deny(reason: "late"))
        #expect(calls == ["late"])
    }

    @Test func aHandlerRemovedDuringADispatchStillRunsInThatDispatchOnly() throws {
        let host = TestHost("Root", "Top")
        let chain = HandlerChain<any ShouldPopHandler>()
        var calls: [String] = []
        try chain.add(name: "remover") { _ in
            calls.append("remover")
            try? chain.remove(named: "victim")
            return .pass
        }
        try chain.add(name: "victim") { _ in
            calls.append("victim")
            return .pass
        }
        _ = chain.shouldPop(host.context(.backButton))
        _ = chain.shouldPop(host.context(.backButton))
        #expect(calls == ["remover", "victim", "remover"])
    }

    @Test func handlersRemovingThemselvesAndTheRestDuringADispatchAllRunOnce() throws {
        // Each handler empties the chain when it runs: the dispatch still walks the list it
        // started with, every entry alive to the end, and the next dispatch finds nothing.
        let host = TestHost("Root", "Top")
        let chain = HandlerChain<any WillShowHandler>()
        var calls: [Int] = []
        for index in 0..<200 {
            try chain.add(name: "h\(index)") { _ in
                calls.append(index)
                for name in chain.names.compactMap({ $0 }) { try? chain.remove(named: name) }
            }
        }
        chain.willShow(ShowContext(host: host, arriving: host.screens[1], leaving: nil, animated: true))
        #expect(calls == Array(0..<200))
        #expect(chain.isEmpty && chain.count == 0)
        chain.willShow(ShowContext(host: host, arriving: host.screens[1], leaving: nil, animated: true))
        #expect(calls.count == 200)
    }

    @Test func chainsNest() throws {
        let host = TestHost("Root", "Top")
        let inner = HandlerChain<any ShouldPopHandler>()
        let outer = HandlerChain<any ShouldPopHandler>()
        var calls: [String] = []
        try inner.add { _ in
            calls.append("inner.1")
            return .pass
        }
        try inner.add { _ in
            calls.append("inner.2")
            return .deny(reason: "inner")
        }
        try outer.add { _ in
            calls.append("outer.1")
            return .pass
        }
        try outer.add(inner, name: "nested")
        try outer.add { _ in
            calls.append("outer.3")
            return .allow
        }
        #expect(outer.shouldPop(host.context(.backButton)) == .deny(reason: "inner"))
        #expect(calls == ["outer.1", "inner.1", "inner.2"])
    }
}

/// A registration in ``HandlerChainTests/positionsOrderTheChain(specs:expected:)``.
enum HandlerPositionSpec: Sendable, CustomTestStringConvertible {
    case first(String)
    case last(String)
    case before(String, String)
    case after(String, String)

    var name: String {
        switch self {
        case .first(let name), .last(let name), .before(_, let name), .after(_, let name): name
        }
    }

    var testDescription: String {
        switch self {
        case .first(let name): "first(\(name))"
        case .last(let name): "last(\(name))"
        case .before(let anchor, let name): "\(name) before \(anchor)"
        case .after(let anchor, let name): "\(name) after \(anchor)"
        }
    }
}
