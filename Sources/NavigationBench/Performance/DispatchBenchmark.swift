#if os(macOS) || os(Linux)
import CAllocationCounter
import Foundation
import NavigationConformance
import NavigationHooks
import NavigationScenarioRunner
import NavigationScenarios
import NavigationSimulator
import NavigationStrategies

/// Dispatch cost per interception point and chain length, against the same work written
/// by hand as direct calls (the baseline), measured in the same run.
///
/// Both sides call the same handlers (`@inline(never)`, so neither side is optimised
/// away) with the same context; the dispatcher reaches them through its chains and
/// existentials, the baseline through a concrete array in a hand-written loop that
/// applies the same rules (first decisive answer wins, the screen's guard, the defaults).
///
/// A third measurement runs the baseline's loops over the handlers typed
/// `any NavigationHandler`: what any run-time registry of protocol-typed handlers pays for
/// calling through existentials, before it does anything else. The distance from the
/// baseline to it is the price of the existential call; from it to the dispatcher, the
/// dispatcher's own bookkeeping.
@MainActor
struct DispatchBenchmark {
    /// One measured point and chain length.
    struct Row: Codable, Equatable {
        var point: String
        var chain: Int
        var nsPerDispatch: Double
        var baselineNs: Double
        var ratio: Double
        var allocationsPerDispatch: Double
        /// The baseline's loops over `[any NavigationHandler]` (Examples/Scenarios/README.md,
        /// "The report").
        var existentialLoopNs: Double
        /// `nsPerDispatch / existentialLoopNs`: the dispatcher's own overhead over a
        /// hand-written loop on the same `any` handlers (the headline; target ≤ 1.25 at 1, 4
        /// and 16 handlers).
        var existentialRatio: Double
    }

    /// A handler doing a little real work at every point, and passing.
    struct PassingHandler: NavigationHandler {
        let refused: PopTrigger
        let sink: Sink

        @inline(never) func shouldPop(_ context: PopContext) -> PopDecision {
            context.trigger == refused ? .deny(reason: "never") : .pass
        }
        @inline(never) func backButtonAction(_ context: PopContext) -> BackButtonDecision {
            context.trigger == refused ? .handled : .pass
        }
        @inline(never) func gestureShouldBegin(_ context: PopContext) -> PopDecision {
            context.trigger == refused ? .deny(reason: "never") : .pass
        }
        @inline(never) func willShow(_ context: ShowContext) { sink.count &+= context.animated ? 1 : 2 }
    }

    /// A handler reached through an existential, as a run-time registry holds it.
    struct ExistentialHandler: NavigationHandler {
        let base: any NavigationHandler

        func shouldPop(_ context: PopContext) -> PopDecision { base.shouldPop(context) }
        func backButtonAction(_ context: PopContext) -> BackButtonDecision { base.backButtonAction(context) }
        func gestureShouldBegin(_ context: PopContext) -> PopDecision { base.gestureShouldBegin(context) }
        func willShow(_ context: ShowContext) { base.willShow(context) }
    }

    /// Where `willShow` handlers leave a trace of their work.
    final class Sink { var count = 0 }

    let iterations: Int
    let rounds = 5

    /// Measures every point at chain lengths 1, 4 and 16.
    func run() -> [Row] {
        var rows: [Row] = []
        for length in [1, 4, 16] {
            let bench = Setup(length: length)
            for point in InterceptionPoint.allCases {
                let best = bestOfInterleavedRounds([
                    { bench.dispatch(point) }, { bench.baseline(point, bench.handlers) },
                    { bench.baseline(point, bench.existentialHandlers) },
                ])
                let (nanoseconds, baseline, existentialLoop) = (best[0], best[1], best[2])
                let allocations = allocationsPerCall { bench.dispatch(point) }
                rows.append(
                    Row(
                        point: point.rawValue, chain: length, nsPerDispatch: nanoseconds, baselineNs: baseline,
                        ratio: baseline > 0 ? nanoseconds / baseline : 0, allocationsPerDispatch: allocations,
                        existentialLoopNs: existentialLoop,
                        existentialRatio: existentialLoop > 0 ? nanoseconds / existentialLoop : 0))
            }
        }
        return rows
    }

    /// The best of several rounds of each body, in ns per call. The rounds take turns (a round
    /// of each body, then the next round of each), so a slower moment of a shared machine
    /// falls on every side of a ratio alike.
    private func bestOfInterleavedRounds(_ bodies: [() -> Int]) -> [Double] {
        var best = [Double](repeating: .infinity, count: bodies.count)
        var sink = 0
        for _ in 0..<rounds {
            for (index, body) in bodies.enumerated() {
                let start = ContinuousClock.now
                for _ in 0..<iterations { sink &+= body() }
                let elapsed = ContinuousClock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                best[index] = min(best[index], seconds * 1e9 / Double(iterations))
            }
        }
        blackHole(sink)
        return best
    }

    /// The allocations per call of `body`.
    private func allocationsPerCall(_ body: () -> Int) -> Double {
        var sink = 0
        nh_allocation_counting_start()
        for _ in 0..<iterations { sink &+= body() }
        let allocations = Double(nh_allocation_counting_stop()) / Double(iterations)
        blackHole(sink)
        return allocations
    }

    /// A navigation controller with `length` handlers on every point.
    @MainActor
    final class Setup {
        let nav = SimNavigationController(profile: .ios17)
        let handlers: [PassingHandler]
        let existentialHandlers: [ExistentialHandler]
        let popContext: PopContext
        let gestureContext: PopContext
        let showContext: ShowContext
        let sink = Sink()
        let dispatcher: NavigationDispatcher

        init(length: Int) {
            let sink = sink
            handlers = (0..<length).map { _ in PassingHandler(refused: .setViewControllers, sink: sink) }
            existentialHandlers = handlers.map { ExistentialHandler(base: $0) }
            nav.setViewControllers([SimScreen("Root"), SimScreen("Top")], animated: false)
            nav.runUntilIdle()
            for handler in handlers { _ = try? nav.hooks.dispatcher.addToEveryPoint(handler) }
            // The simulator's hooks come with a decision trace (it feeds the timeline); the
            // dispatch cost is measured with tracing off, as an app runs.
            nav.hooks.dispatcher.trace = nil
            dispatcher = nav.hooks.dispatcher
            let top = nav.screens[1]
            popContext = PopContext(host: nav, leaving: top, arriving: nav.screens[0], trigger: .backButton)
            gestureContext = popContext.with(trigger: .edgeGesture)
            showContext = ShowContext(host: nav, arriving: top, leaving: nil, animated: true)
        }

        func dispatch(_ point: InterceptionPoint) -> Int {
            switch point {
            case .shouldPop: return dispatcher.shouldPop(popContext) == .allow ? 1 : 0
            case .backButtonAction: return dispatcher.backButtonAction(popContext) == .pop ? 1 : 0
            case .gestureShouldBegin: return dispatcher.gestureShouldBegin(gestureContext) == .allow ? 1 : 0
            case .willShow:
                dispatcher.willShow(showContext)
                return sink.count
            }
        }

        /// The dispatcher's rules written by hand over `handlers`.
        func baseline<Handler: NavigationHandler>(_ point: InterceptionPoint, _ handlers: [Handler]) -> Int {
            switch point {
            case .shouldPop: return handShouldPop(handlers, popContext) == .allow ? 1 : 0
            case .backButtonAction: return handBackButton(handlers, popContext) == .pop ? 1 : 0
            case .gestureShouldBegin: return handGesture(handlers, gestureContext) == .allow ? 1 : 0
            case .willShow:
                for handler in handlers { handler.willShow(showContext) }
                return sink.count
            }
        }

        private func handShouldPop<Handler: NavigationHandler>(_ handlers: [Handler], _ context: PopContext)
            -> PopDecision
        {
            for handler in handlers {
                let decision = handler.shouldPop(context)
                if decision.isDecisive { return decision }
            }
            if let popGuard = context.leaving.navigationPreferences.popGuard {
                let decision = popGuard(context)
                if decision.isDecisive { return decision }
            }
            return .allow
        }

        private func handBackButton<Handler: NavigationHandler>(_ handlers: [Handler], _ context: PopContext)
            -> BackButtonResolution
        {
            for handler in handlers {
                switch handler.backButtonAction(context) {
                case .pass: continue
                case .handled: return .handled
                case .allow: return .pop
                case .deny(let reason): return .refused(reason: reason)
                }
            }
            if case .deny(let reason) = handShouldPop(handlers, context) { return .refused(reason: reason) }
            return .pop
        }

        private func handGesture<Handler: NavigationHandler>(_ handlers: [Handler], _ context: PopContext)
            -> PopDecision
        {
            for handler in handlers {
                let decision = handler.gestureShouldBegin(context)
                if decision.isDecisive { return decision }
            }
            let host = context.host
            guard host.screens.count > 1, !host.isTransitioning,
                context.leaving.navigationPreferences.isPopGestureEnabled
            else { return .deny(reason: "no") }
            return handShouldPop(handlers, context)
        }
    }
}

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
#endif
