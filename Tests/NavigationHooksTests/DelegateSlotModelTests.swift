import Foundation
import NavigationHooks
import NavigationSimulator
import Testing

/// One step of a sequence, played in both worlds.
enum SlotStep: Equatable, CustomStringConvertible {
    /// The app sets one of its delegates.
    case set(String)
    /// The app sets `delegate = nil`.
    case setNil
    /// A library installs itself (saves what the slot holds, takes the slot).
    case install(String)
    /// UIKit sends a selector `times` times in this turn, from one frame.
    case send(String, times: Int)
    /// UIKit sends a selector, and the first delegate method it reaches makes UIKit send it
    /// again from inside (re-entry: not a lap).
    case sendReentering(String)
    /// The run-loop turn ends.
    case endTurn
    /// An object deallocates (on the main thread).
    case deallocate(String)
    /// The host removes its proxy / installs a new one.
    case uninstall, reinstall
    /// The app reads the delegate, then sets one of its own (to set the read one back later).
    case readAndSet(String)
    /// The app sets back the delegate it read.
    case setBackRead

    var description: String {
        switch self {
        case .set(let name): "set(\(name))"
        case .setNil: "setNil"
        case .install(let name): "install(\(name))"
        case .send(let selector, let times): "send(\(selector) ×\(times))"
        case .sendReentering(let selector): "sendReentering(\(selector))"
        case .endTurn: "endTurn"
        case .deallocate(let name): "deallocate(\(name))"
        case .uninstall: "uninstall"
        case .reinstall: "reinstall"
        case .readAndSet(let name): "readAndSet(\(name))"
        case .setBackRead: "setBackRead"
        }
    }
}

/// A generated case: the slot, its objects, whether the proxy is there from the start, the steps.
struct SlotCase: CustomStringConvertible {
    var kind: SlotKind
    var objects: [String: SlotWorld.Object]
    var initialSlot: String?
    var proxyAtStart: Bool
    var steps: [SlotStep]

    var description: String {
        let apps = objects.keys.sorted().filter { $0.hasPrefix("app") }
            .map { "\($0) implements \(objects[$0]!.implements.sorted())" }
        return "\(kind) slot, initially \(initialSlot ?? "nil"), proxy at start: \(proxyAtStart); "
            + apps.joined(separator: "; ") + "\n  steps: " + steps.map(\.description).joined(separator: ", ")
    }

    static func generate(seed: UInt64) -> SlotCase {
        var random = SeededGenerator(seed: seed)
        let kind = SlotKind.allCases.randomElement(using: &random)!
        var objects: [String: SlotWorld.Object] = [:]
        for app in ["app1", "app2"] {
            let implements = kind.selectors.filter { _ in Bool.random(using: &random) }
            objects[app] = .init(implements: Set(implements))
        }
        var initialSlot: String?
        var owner: String?
        if kind == .navigation, Int.random(in: 0..<4, using: &random) == 0 {
            owner = SlotKind.owners.keys.sorted().randomElement(using: &random)!
            objects[owner!] = SlotKind.owners[owner!]
            initialSlot = owner
        } else if let system = kind.systemDelegate {
            objects["system"] = system
            initialSlot = "system"
        } else if Bool.random(using: &random) {
            initialSlot = "app1"
        }
        let libraries = owner == nil ? kind.libraries() : [:]
        objects.merge(libraries) { $1 }
        var steps: [SlotStep] = []
        var installed = Bool.random(using: &random)
        let proxyAtStart = installed
        var readPending = false
        for _ in 0..<Int.random(in: 3...14, using: &random) {
            let roll = Int.random(in: 0..<100, using: &random)
            let step: SlotStep
            switch roll {
            case 0..<40:
                let selector = kind.selectors.randomElement(using: &random)!
                step = .send(selector, times: Int.random(in: 1...kind.timesPerTurn(selector), using: &random))
            case 40..<44: step = .sendReentering(kind.selectors.randomElement(using: &random)!)
            case 44..<52: step = .endTurn
            case 52..<62 where owner == nil: step = .set(["app1", "app2"].randomElement(using: &random)!)
            case 62..<66 where owner == nil: step = .setNil
            case 66..<76 where owner == nil && !libraries.isEmpty:
                step = .install(libraries.keys.sorted().randomElement(using: &random)!)
            case 76..<83:
                let candidates = objects.keys.sorted().filter { !(objects[$0]!.ownsSlot) && $0 != "system" }
                step = .deallocate(candidates.randomElement(using: &random)!)
            case 83..<91:
                step = installed ? .uninstall : .reinstall
                installed.toggle()
                readPending = false
            case 91..<96 where owner == nil:
                step = .readAndSet(["app1", "app2"].randomElement(using: &random)!)
                readPending = true
            case 96..<100 where readPending:
                step = .setBackRead
                readPending = false
            default: step = .endTurn
            }
            if case .set = step { readPending = false }
            if case .install = step { readPending = false }
            if step == .setNil { readPending = false }
            steps.append(step)
        }
        return SlotCase(
            kind: kind, objects: objects, initialSlot: initialSlot, proxyAtStart: proxyAtStart, steps: steps)
    }
}

/// Plays a case in the world with the proxy and the world without it, comparing after every
/// step; returns the first difference, or `nil`.
struct SlotCasePlayer {
    /// Removals that could not give libraries that saved the proxy their place back (R54's
    /// known limit), after which the world without the proxy was made the same as the other.
    var adoptions = 0

    mutating func play(_ slotCase: SlotCase) -> String? {
        let with = SlotWorld(
            kind: slotCase.kind, withProxy: true, objects: slotCase.objects, slot: slotCase.initialSlot)
        let without = SlotWorld(
            kind: slotCase.kind, withProxy: false, objects: slotCase.objects, slot: slotCase.initialSlot)
        if slotCase.proxyAtStart { with.installProxy() }
        var readWith: String?
        var readWithout: String?
        var readValid = false
        for (index, step) in slotCase.steps.enumerated() {
            let at = "step \(index + 1) \(step)"
            switch step {
            case .set(let name):
                guard with.isAlive(name) else { continue }
                with.setDelegate(name)
                without.setDelegate(name)
                readValid = false
            case .setNil:
                with.setDelegate(nil)
                without.setDelegate(nil)
                readValid = false
            case .install(let name):
                guard with.isAlive(name), with.objects[name]?.saved == nil, with.slotValue != name else { continue }
                with.install(name)
                without.install(name)
                readValid = false
            case .send, .sendReentering:
                var times = 1
                var reentering = true
                var selector = ""
                switch step {
                case .send(let sent, let count): (selector, times, reentering) = (sent, count, false)
                case .sendReentering(let sent): selector = sent
                default: break
                }
                for _ in 0..<times {
                    with.log = []
                    without.log = []
                    let expected: String
                    do {
                        expected = try without.send(selector, reentering: reentering)
                    } catch let failure {
                        // The app would crash without the proxy too (a library forwarding to a
                        // delegate that died, with UIKit's answers cached before): with it, the
                        // same object may crash the same way, the proxy never; the sequence ends.
                        do { _ = try with.send(selector, reentering: reentering) } catch let ours as SlotWorld.Failure {
                            return ours == failure as? SlotWorld.Failure
                                ? nil : "\(at): \(ours); without the proxy \(failure)"
                        } catch {}
                        return nil
                    }
                    let answer: String
                    do { answer = try with.send(selector, reentering: reentering) } catch {
                        return "\(at): \(error); without the proxy: \(without.log) answered \(expected)"
                    }
                    if with.log != without.log {
                        return "\(at): delegates got \(with.log), without the proxy \(without.log)"
                    }
                    // A forwarder that zeroes a message nobody takes (its saved delegate died and
                    // UIKit's answers were cached before) is what the proxy avoids by setting the
                    // slot again: not sending is the sound outcome there.
                    if answer != expected, !(expected == "swallowed" && answer == "default") {
                        return "\(at): UIKit got \(answer), without the proxy \(expected)"
                    }
                }
            case .endTurn:
                with.endTurn()
            case .deallocate(let name):
                readValid = false  // the app's read value would have kept it alive
                with.deallocate(name)
                without.deallocate(name)
            case .uninstall:
                guard with.isProxyInstalled else { continue }
                // A slot owner that saved the proxy gets what the proxy displaced back through
                // its setter: it is compared like the rest.
                let libraries = with.savedTheProxy.subtracting([with.owner].compactMap { $0 })
                let known = libraries.intersection(with.cameBack)
                let path = without.path
                with.uninstallProxy()
                readValid = false
                if libraries.isEmpty {
                    if with.graph != without.graph {
                        return "\(at): left \(with.graph), without the proxy \(without.graph)"
                    }
                } else {
                    // R54's known limit: a library that saved the proxy cannot get back what it
                    // would have saved; what returns is the first delegate of the path without
                    // the proxy that is not such a library the proxy knew of.
                    let expected = path.first { !known.contains($0) }
                    if with.slotValue != expected, !(with.slotValue == nil && expected.map(libraries.contains) == true)
                    {
                        return
                            "\(at): left \(with.slotValue ?? "nil") in the slot, expected \(expected ?? "nil") (path without the proxy \(path))"
                    }
                    without.adopt(with)
                    adoptions += 1
                }
            case .reinstall:
                with.installProxy()
            case .readAndSet(let name):
                guard with.isAlive(name) else { continue }
                readWith = with.slotValue
                readWithout = without.slotValue
                readValid = true
                with.setDelegate(name)
                without.setDelegate(name)
            case .setBackRead:
                guard readValid else { continue }
                readValid = false
                with.setDelegate(readWith)
                without.setDelegate(readWithout)
            }
        }
        return nil
    }
}

/// Seeded random sequences over the model: the proxy must not change what any delegate
/// receives or what UIKit is answered, must not loop or crash, and must leave in the slot
/// what the world without it would hold (issue #28 point 3).
struct DelegateSlotModelTests {
    /// `NAVHOOKS_DELEGATE_SEQUENCES` raises the count (`.ci/run` plays many more).
    static var sequenceCount: Int {
        ProcessInfo.processInfo.environment["NAVHOOKS_DELEGATE_SEQUENCES"].flatMap(Int.init) ?? 3000
    }

    @Test func withAndWithoutTheProxyAgree() {
        var player = SlotCasePlayer()
        for seed in 0..<UInt64(Self.sequenceCount) {
            let slotCase = SlotCase.generate(seed: seed)
            guard let failure = player.play(slotCase) else { continue }
            let (shortest, reason) = Self.shrink(slotCase, failure: failure)
            Issue.record("seed \(seed): \(reason)\n  shortest: \(shortest)")
            return
        }
    }

    /// The shortest sequence (steps removed, repeats lowered) that still fails.
    static func shrink(_ slotCase: SlotCase, failure: String) -> (SlotCase, String) {
        var best = slotCase
        var reason = failure
        var changed = true
        while changed {
            changed = false
            for index in best.steps.indices.reversed() {
                var candidate = best
                candidate.steps.remove(at: index)
                if let failure = SlotCasePlayer().playOnce(candidate) {
                    best = candidate
                    reason = failure
                    changed = true
                }
            }
            for index in best.steps.indices {
                guard case .send(let selector, let times) = best.steps[index], times > 1 else { continue }
                var candidate = best
                candidate.steps[index] = .send(selector, times: times - 1)
                if let failure = SlotCasePlayer().playOnce(candidate) {
                    best = candidate
                    reason = failure
                    changed = true
                }
            }
        }
        return (best, reason)
    }
}

extension SlotCasePlayer {
    fileprivate func playOnce(_ slotCase: SlotCase) -> String? {
        var copy = self
        return copy.play(slotCase)
    }
}
