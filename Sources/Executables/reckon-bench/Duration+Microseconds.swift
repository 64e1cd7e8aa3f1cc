extension Duration {
    /// The duration in microseconds, for reports.
    var microseconds: Double {
        Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12
    }
}

extension Array where Element == Double {
    /// The middle value (the upper middle for an even count); the array must not be empty.
    var median: Double { sorted()[count / 2] }
}
