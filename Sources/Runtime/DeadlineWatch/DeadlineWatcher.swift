import Foundation

/// Calls actions at instants of the continuous clock, all from one thread of its own that sleeps until the earliest
/// one: a time-out costs a heap entry under a lock instead of a task and a `Task.sleep`, and an entry later than the
/// one the thread already sleeps until wakes nobody. A cancelled entry is only removed, so a thread asleep until it
/// wakes then once, finds it gone and sleeps on. While it holds entries, the thread wakes at least once a second.
///
/// Actions run on the watcher's thread one after another, in deadline order: keep them short and non-blocking
/// (cancel a task, flip a state).
///
/// ```swift
/// let entry = DeadlineWatcher.shared.schedule(at: .now + .seconds(5)) { task.cancel() }
/// _ = await task.result
/// DeadlineWatcher.shared.cancel(entry)
/// ```
public final class DeadlineWatcher: @unchecked Sendable {
    /// The process's watcher.
    public static let shared = DeadlineWatcher()

    /// A scheduled action, to cancel it by.
    public final class Entry: @unchecked Sendable {
        fileprivate let instant: ContinuousClock.Instant
        fileprivate let order: UInt64
        fileprivate let action: @Sendable () -> Void
        /// Where in the heap, or -1 once fired or cancelled; guarded by the watcher's condition.
        fileprivate var position = -1

        fileprivate init(instant: ContinuousClock.Instant, order: UInt64, action: @escaping @Sendable () -> Void) {
            self.instant = instant
            self.order = order
            self.action = action
        }

        fileprivate func precedes(_ other: Entry) -> Bool {
            (instant, order) < (other.instant, other.order)
        }
    }

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var heap: [Entry] = []
    private var scheduled: UInt64 = 0
    /// When the thread wakes by itself; nil while it waits for a signal (or has not started).
    private var wakeAt: ContinuousClock.Instant?
    private var started = false

    /// A watcher whose thread starts with its first entry and lasts as long as the process.
    public init() {}

    /// Calls `action` at `instant` (at once when it has passed), unless ``cancel(_:)`` comes first. Entries for the
    /// same instant fire in the order they were scheduled.
    @discardableResult
    public func schedule(at instant: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Entry {
        condition.lock()
        defer { condition.unlock() }
        scheduled += 1
        let entry = Entry(instant: instant, order: scheduled, action: action)
        entry.position = heap.count
        heap.append(entry)
        siftUp(heap.count - 1)
        if !started {
            started = true
            Thread { [self] in serve() }.start()
        }
        if wakeAt.map({ instant < $0 }) ?? true {
            wakeAt = instant
            condition.signal()
        }
        return entry
    }

    /// Removes `entry`; false when it has fired already (its action has run or is running).
    @discardableResult
    public func cancel(_ entry: Entry) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard entry.position >= 0 else { return false }
        remove(at: entry.position)
        return true
    }

    private func serve() {
        condition.lock()
        while true {
            while let first = heap.first, first.instant <= .now {
                remove(at: 0)
                condition.unlock()
                first.action()
                condition.lock()
            }
            wakeAt = heap.first?.instant
            if let wakeAt {
                // The timed wait is on the wall clock: at most a second at a time, so a clock set back cannot
                // hold an entry up by more than that.
                let (seconds, attoseconds) = min(wakeAt - .now, .seconds(1)).components
                _ = condition.wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) * 1e-18))
            } else {
                condition.wait()
            }
        }
    }

    private func remove(at position: Int) {
        let entry = heap[position]
        let last = heap.removeLast()
        entry.position = -1
        guard position < heap.count else { return }
        heap[position] = last
        last.position = position
        siftUp(position)
        siftDown(last.position)
    }

    private func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            var first = parent
            if left < heap.count && heap[left].precedes(heap[first]) { first = left }
            if left + 1 < heap.count && heap[left + 1].precedes(heap[first]) { first = left + 1 }
            guard first != parent else { return }
            swapAt(parent, first)
            parent = first
        }
    }

    private func swapAt(_ one: Int, _ other: Int) {
        heap.swapAt(one, other)
        heap[one].position = one
        heap[other].position = other
    }
}
