import Foundation

/// A nonisolated test's long computation, on a thread of its own.
///
/// Swift Testing runs nonisolated tests on the cooperative pool, one thread per core (two on
/// the project's machines). A test that computes for a second holds one of them, and what
/// waits behind it waits too: the tests that start child processes (the longest work of a
/// run, which should start first) and every main-actor test, which begins and ends on the
/// pool. ``run(_:)`` computes on a new thread and awaits the result without holding a pool
/// thread. The work returns what the test checks: the expectations stay in the test's task.
public enum OwnThread {
    /// `work`'s result, computed on a new thread.
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { (done: CheckedContinuation<Value, Never>) in
            Thread.detachNewThread { done.resume(returning: work()) }
        }
    }
}
