extension Duration {
    /// Whole milliseconds, the unit stored times and timeouts are kept in.
    public var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
