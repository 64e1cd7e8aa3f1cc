/// Scales `reckon up`'s own worker processes through its supervisor: a start adds instances of the service's
/// worker (`reckon-calc-2`, `reckon-calc-3`, … beside the first, `reckon-calc`), a drain retires the newest (SIGTERM:
/// it finishes what it holds, then exits, and is not restarted).
actor LocalActuator: ScaleActuator {
    private let supervisor: Supervisor
    /// Each scaled service's worker, as the first instance runs it.
    private let templates: [String: ChildSpec]
    /// Each scaled service's running instances, oldest first.
    private var instances: [String: [String]] = [:]
    private var next: [String: Int] = [:]

    init(supervisor: Supervisor, templates: [String: ChildSpec], running: [String: [String]]) {
        self.supervisor = supervisor
        self.templates = templates
        self.instances = running
        self.next = running.mapValues { $0.count + 1 }
    }

    func processes(of service: String) -> Int { instances[service]?.count ?? 0 }

    func start(_ count: Int, of service: String) {
        guard let template = templates[service] else { return }
        for _ in 0..<count {
            let number = next[service, default: 1]
            next[service] = number + 1
            var child = template
            child.name = number == 1 ? template.name : "\(template.name)-\(number)"
            instances[service, default: []].append(child.name)
            supervisor.add(child)
        }
    }

    func drainOne(of service: String) {
        guard let newest = instances[service]?.popLast() else { return }
        supervisor.retire(newest)
    }
}
