extension UpCommand {
    /// What scales `scaled`'s workers (by executable name) through `supervisor`: the first process of each is the
    /// supervisor's own child (`reckon-calc`), the rest of its minimum are started here (`reckon-calc-2`, …).
    func localActuator(
        workers: [ChildSpec],
        scaled: [String: ScaleSpec],
        supervisor: Supervisor
    ) async -> LocalActuator {
        let actuator = LocalActuator(
            supervisor: supervisor,
            templates: Dictionary(
                uniqueKeysWithValues: workers.compactMap { worker in
                    scaled[worker.name].map { ($0.service, worker) }
                }
            ),
            running: Dictionary(
                uniqueKeysWithValues: scaled.values.map { spec in
                    (spec.service, spec.minimum > 0 ? ["reckon-\(spec.service)"] : [])
                }
            )
        )
        for spec in scaled.values where spec.minimum > 1 { await actuator.start(spec.minimum - 1, of: spec.service) }
        return actuator
    }
}
