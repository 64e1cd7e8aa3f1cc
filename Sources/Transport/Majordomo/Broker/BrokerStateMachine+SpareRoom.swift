import HeapModule

extension BrokerStateMachine {
    /// Tables smaller than this keep their room.
    static let keptRoom = 1024

    /// Gives back the room a storm grew in the request and worker tables once they are mostly empty again: a Swift
    /// dictionary keeps its capacity when emptied, and the request table alone takes about 27 MB at the 65,536
    /// requests the default byte budget admits (docs/performance.md). A table is rebuilt at its size when fewer than an
    /// eighth of its slots are used, so a table that shrinks and grows again is rebuilt at most once per eightfold
    /// change. The hedge timers' heap, which cannot say its capacity, is let go of whenever it is empty.
    mutating func releaseSpareRoom() {
        Self.compact(&pending)
        Self.compact(&workers)
        if hedgeTimers.isEmpty { hedgeTimers = Heap() }
    }

    private static func compact<Key, Value>(_ table: inout [Key: Value]) {
        guard table.capacity > keptRoom, table.count < table.capacity / 8 else { return }
        var compacted = [Key: Value](minimumCapacity: table.count)
        for (key, value) in table { compacted[key] = value }
        table = compacted
    }
}
