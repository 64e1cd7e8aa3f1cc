import Foundation

/// How fast a storm's senders go: a burst of messages, then a pause, so each sender thread stays near 5,000
/// messages a second (a flood, not a CPU hog of the test itself on two cores).
enum StormPace {
    static let burst = 500
    static let pause = 0.1

    /// Pauses after the last message of each burst.
    static func after(message index: Int) {
        if index % burst == burst - 1 { Thread.sleep(forTimeInterval: pause) }
    }
}
