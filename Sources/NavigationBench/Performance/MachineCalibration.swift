#if os(macOS) || os(Linux)
import Foundation

/// How fast this machine is, measured with the reference loop of the project's `calibrate`
/// script, so `perf`'s figures compare across machines: the project's speed goals are stated
/// for a machine where the loop takes 1.0 s. A time compares as `time / seconds`, a rate as
/// `rate × seconds` (``normalizedTime(_:)``, ``normalizedRate(_:)``).
///
/// The script times CPython running `for i in range(6_666_667): x += i` (best of three). That
/// loop is bound by the interpreter, not by arithmetic: per iteration CPython dispatches seven
/// bytecodes (`FOR_ITER`, `STORE_FAST`, `LOAD_FAST` ×2, `BINARY_OP`, `STORE_FAST`,
/// `JUMP_BACKWARD`) through a `switch`, moves reference-counted heap objects on and off a value
/// stack, and allocates a new integer object for `i` and for the sum (both above CPython's cached
/// small integers) while freeing the old ones. A compiled `x += i` would be folded away or
/// vectorized and track none of that. So ``referenceLoop(iterations:)`` runs the same seven
/// instructions through the same kind of interpreter: a `switch` over an instruction array, a
/// stack of reference-counted boxed integers, a new box for each counter value and each sum.
/// With the same iteration count it took 0.63–0.75 CPU seconds (median 0.71) where the script took 0.59–0.78 (median 0.69)
/// (interleaved runs on the 2-core Linux machine of issue 41); ``iterations`` scales it to agree
/// (Performance.md in the NavigationSimulator catalog has the runs). The loop is compiled code, so
/// the figure holds for a release build only: a debug build says so beside it.
struct MachineCalibration: Codable, Equatable, Sendable {
    /// Wall-clock seconds of the reference loop, best of three rounds: what the script prints.
    var seconds: Double
    /// CPU seconds of the same best round's thread: far above ``seconds`` means the machine was
    /// busy, and every wall-clock figure beside it is too slow by about the same.
    var cpuSeconds: Double
    /// `false` when this executable is a debug build, whose loop runs several times slower than
    /// the script's: its ``seconds`` do not calibrate anything.
    var isReleaseBuild: Bool

    /// Iterations of ``referenceLoop(iterations:)`` that take as long as the script's loop.
    static let iterations = 6_400_000

    /// The machine is busy: the best round's wall time is over 10% above its CPU time.
    var isBusy: Bool { seconds > cpuSeconds * 1.1 }

    /// `time` (seconds, nanoseconds, …) on a machine where the loop takes 1.0 s.
    func normalizedTime(_ time: Double) -> Double { seconds > 0 ? time / seconds : time }

    /// `rate` (per second) on a machine where the loop takes 1.0 s.
    func normalizedRate(_ rate: Double) -> Double { rate * seconds }

    /// Runs the reference loop three times and keeps the fastest round.
    static func measure(rounds: Int = 3) -> MachineCalibration {
        var best = (wall: Double.infinity, cpu: Double.infinity)
        for _ in 0..<max(1, rounds) {
            let cpuStart = threadCPUSeconds()
            let start = ContinuousClock.now
            let sum = referenceLoop(iterations: iterations)
            let elapsed = ContinuousClock.now - start
            let cpu = threadCPUSeconds() - cpuStart
            let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            precondition(sum == iterations * (iterations - 1) / 2, "the reference loop miscounted")
            if wall < best.wall { best = (wall, cpu) }
        }
        #if DEBUG
        let release = false
        #else
        let release = true
        #endif
        return MachineCalibration(seconds: best.wall, cpuSeconds: best.cpu, isReleaseBuild: release)
    }

    /// `calibration 0.64 (CPU 0.63; a release build)`: the figure and how far to trust it
    /// (`toolName` names the bench in the advice to measure a release build).
    func summary(toolName: String = BenchCommand.defaultToolName) -> String {
        var text = "calibration \(String(format: "%.2f", seconds)) (CPU \(String(format: "%.2f", cpuSeconds)))"
        if !isReleaseBuild { text += ", DEBUG BUILD: not comparable, use `swift run -c release \(toolName) perf`" }
        if isBusy { text += ", BUSY MACHINE: wall-clock figures are slow" }
        return text
    }

    /// The boxed integer the reference interpreter moves around (CPython's `int` object).
    final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// The reference interpreter's instructions: CPython's bytecode for `for i in …: x += i`.
    enum Instruction: UInt8 {
        case forIter, storeCounter, loadSum, loadCounter, add, storeSum, jumpBack
    }

    /// The loop's bytecode, read from a variable so the optimizer cannot specialize the interpreter
    /// for it.
    nonisolated(unsafe) static var program: [Instruction] = [
        .forIter, .storeCounter, .loadSum, .loadCounter, .add, .storeSum, .jumpBack,
    ]

    /// `x = 0; for i in range(iterations): x += i`, interpreted; returns `x`.
    @inline(never)
    static func referenceLoop(iterations: Int) -> Int {
        let code = program
        var sum = Box(0)
        var counter = Box(0)
        var stack: [Box] = []
        stack.reserveCapacity(4)
        var next = 0
        var pc = 0
        while true {
            switch code[pc] {
            case .forIter:
                if next == iterations { return sum.value }
                stack.append(Box(next))
                next += 1
            case .storeCounter: counter = stack.removeLast()
            case .loadSum: stack.append(sum)
            case .loadCounter: stack.append(counter)
            case .add:
                let right = stack.removeLast()
                let left = stack.removeLast()
                stack.append(Box(left.value &+ right.value))
            case .storeSum: sum = stack.removeLast()
            case .jumpBack: pc = -1
            }
            pc += 1
        }
    }

    /// CPU seconds this thread has used.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
#endif
