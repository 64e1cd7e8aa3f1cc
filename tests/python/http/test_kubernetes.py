"""The Kubernetes manifests (deploy/kubernetes, issue #40): the base and each overlay rendered, every core object
validated strictly against the Kubernetes 1.30 schemas (PyPI's kubernetes-validate), KEDA's ScaledObjects (a CRD,
not in those schemas) checked by structure, and what the manifests promise asserted: a SIGTERM drain that the grace
period outlasts, read-only non-root containers, /health probes, a PodDisruptionBudget per workload, NetworkPolicies
that deny by default, two gateways with stable names that every worker and client lists, secret files where the
servers look for them, and no key material in the repository. Needs no stack.

Rendering: `kubectl kustomize DIR` when kubectl is on the PATH. Without it, a small reader loads the YAML of the
resources each kustomization lists (an overlay's and, recursively, its base's) and applies the kustomization's
namespace and labels, but not its patches: those are returned beside the objects unapplied. So without kubectl the
ha overlay's spread is checked on its patch documents, and the check that its worker Deployments leave their replica
count to KEDA (a JSON patch) is skipped; everything else is checked the same both ways.

`scaled_object_metrics()` gives the metrics (and label names) the ScaledObjects' queries read; test_load_signals.py
checks them against a live gateway's /metrics."""
import functools
import pathlib
import re
import shutil
import subprocess
from dataclasses import dataclass

import kubernetes_validate
import pytest
import yaml

REPOSITORY = pathlib.Path(__file__).resolve().parents[3]
KUBERNETES = REPOSITORY / "deploy" / "kubernetes"
TREES = {"base": KUBERNETES / "base", "single-node": KUBERNETES / "overlays" / "single-node",
         "ha": KUBERNETES / "overlays" / "ha"}
KUBERNETES_VERSION = "1.30"
# Custom resources, not in kubernetes-validate's schemas: checked by structure below.
CUSTOM_API_GROUPS = ("keda.sh/",)
CLUSTER_SCOPED = {"Namespace"}
WORKERS = {"reckon-calc", "reckon-orders", "reckon-ledger"}
METRICS_PORT = 9100


@dataclass(frozen=True)
class Rendered:
    objects: tuple
    patches: tuple  # patch documents left unapplied (only without kubectl)
    by_kubectl: bool


@functools.cache
def render(tree):
    """The objects of `tree` (a key of TREES) as kustomize builds them."""
    folder = TREES[tree]
    if shutil.which("kubectl"):
        built = subprocess.run(["kubectl", "kustomize", str(folder)], check=True, capture_output=True, text=True)
        return Rendered(tuple(d for d in yaml.safe_load_all(built.stdout) if d), (), True)
    objects, patches = _read_kustomization(folder)
    return Rendered(tuple(objects), tuple(patches), False)


def _read_kustomization(folder):
    """The fallback reader: resources (files and folders) with namespace and labels set; patches unapplied."""
    kustomization = yaml.safe_load((folder / "kustomization.yaml").read_text())
    objects, patches = [], []
    for entry in kustomization.get("resources", []):
        path = folder / entry
        if path.is_dir():
            more, more_patches = _read_kustomization(path)
            objects += more
            patches += more_patches
        else:
            objects += [d for d in yaml.safe_load_all(path.read_text()) if d]
    for patch in kustomization.get("patches", []):
        if "path" in patch:
            patches += [d for d in yaml.safe_load_all((folder / patch["path"]).read_text()) if d]
    for obj in objects:
        if kustomization.get("namespace") and obj["kind"] not in CLUSTER_SCOPED:
            obj["metadata"]["namespace"] = kustomization["namespace"]
        for label in kustomization.get("labels", []):
            obj["metadata"].setdefault("labels", {}).update(label["pairs"])
            if label.get("includeTemplates") and "template" in obj.get("spec", {}):
                obj["spec"]["template"].setdefault("metadata", {}).setdefault("labels", {}).update(label["pairs"])
    return objects, patches


def of_kind(objects, kind):
    return [obj for obj in objects if obj["kind"] == kind]


def named(objects, kind, name):
    found = [obj for obj in objects if obj["kind"] == kind and obj["metadata"]["name"] == name]
    assert len(found) == 1, f"one {kind} {name}, found {len(found)}"
    return found[0]


def workloads(objects):
    return [obj for obj in objects if obj["kind"] in ("Deployment", "StatefulSet")]


def reckon_containers(objects):
    """(workload, container) for every container running the Reckon image."""
    return [(workload, container) for workload in workloads(objects)
            for container in workload["spec"]["template"]["spec"]["containers"]
            if container["image"].split(":")[0].rsplit("/", 1)[-1] == "reckon"]


def env(container):
    return {variable["name"]: variable.get("value") for variable in container.get("env", [])}


def matches(selector, labels):
    return all(labels.get(key) == value for key, value in selector.get("matchLabels", {}).items()) and all(
        (labels.get(rule["key"]) in rule["values"]) == (rule["operator"] == "In")
        for rule in selector.get("matchExpressions", []))


def gateway_endpoints(objects, port):
    """Every gateway pod's stable name with `port`, as the StatefulSet and its headless Service give them."""
    gateways = named(objects, "StatefulSet", "reckon-gateway")
    service = gateways["spec"]["serviceName"]
    return ",".join(f"tcp://reckon-gateway-{index}.{service}:{port}" for index in range(gateways["spec"]["replicas"]))


@pytest.mark.parametrize("tree", TREES)
def test_every_core_object_is_valid_kubernetes_1_30(tree):
    rendered = render(tree)
    assert rendered.objects
    for obj in rendered.objects:
        if obj["apiVersion"].startswith(CUSTOM_API_GROUPS):
            continue
        try:
            kubernetes_validate.validate(obj, KUBERNETES_VERSION, strict=True)
        except kubernetes_validate.ValidationError as error:
            pytest.fail(f"{tree}: {obj['kind']} {obj['metadata'].get('name')}: {error.message} at "
                        f"{'.'.join(str(part) for part in error.path)}")


@pytest.mark.parametrize("tree", TREES)
def test_every_pod_runs_non_root_on_a_read_only_root_with_no_capabilities(tree):
    objects = render(tree).objects
    assert workloads(objects)
    for workload in workloads(objects):
        pod = workload["spec"]["template"]["spec"]
        name = workload["metadata"]["name"]
        assert pod["securityContext"]["runAsNonRoot"] is True, name
        # A numeric user: the kubelet cannot check a named one (the image's USER reckon) is not root.
        assert pod["securityContext"]["runAsUser"] > 0, name
        assert pod["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}, name
        assert pod.get("automountServiceAccountToken") is False, name
        for container in pod["containers"]:
            context = container["securityContext"]
            assert context["readOnlyRootFilesystem"] is True, name
            assert context["allowPrivilegeEscalation"] is False, name
            assert context["runAsNonRoot"] is True, name
            assert context["capabilities"]["drop"] == ["ALL"], name
            assert "add" not in context["capabilities"], name
            mounts = {mount["mountPath"]: mount["name"] for mount in container.get("volumeMounts", [])}
            volumes = {volume["name"]: volume for volume in pod.get("volumes", [])}
            assert "emptyDir" in volumes[mounts["/tmp"]], f"{name}: a writable /tmp on the read-only root"
            requests, limits = container["resources"]["requests"], container["resources"]["limits"]
            assert {"cpu", "memory"} <= requests.keys() and {"cpu", "memory"} <= limits.keys(), name


@pytest.mark.parametrize("tree", TREES)
def test_every_reckon_process_is_probed_on_its_health_endpoint(tree):
    for workload, container in reckon_containers(render(tree).objects):
        name = workload["metadata"]["name"]
        assert container["livenessProbe"]["httpGet"] == {"path": "/health", "port": METRICS_PORT}, name
        readiness = container["readinessProbe"]["httpGet"]
        if name == "reckon-http":  # ready once it has read the services' ops from the gateways
            assert readiness == {"path": "/ready", "port": 8080}
        else:
            assert readiness == {"path": "/health", "port": METRICS_PORT}, name
        assert env(container)["RECKON_METRICS_HOST"] == "0.0.0.0"
        assert env(container)["RECKON_METRICS_PORT"] == str(METRICS_PORT)


def pre_stop_seconds(container):
    """The preStop hook's sleep in seconds (0 without one); fails on any other hook, which could cut a drain short."""
    hook = container.get("lifecycle", {}).get("preStop")
    if hook is None:
        return 0
    command = hook.get("exec", {}).get("command", [])
    assert len(command) == 2 and command[0] == "sleep" and command[1].isdigit(), \
        f"a preStop hook may only sleep (SIGTERM starts the drain), not {hook}"
    return int(command[1])


@pytest.mark.parametrize("tree", TREES)
def test_the_grace_period_outlasts_every_workers_drain(tree):
    """SIGTERM is the drain; the kubelet's SIGKILL comes at the end of the grace period, which also counts the
    preStop hook: the hook and the whole drain must fit in it."""
    drained = set()
    for workload, container in reckon_containers(render(tree).objects):
        grace_ms = workload["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] * 1000
        before = pre_stop_seconds(container) * 1000
        name = workload["metadata"]["name"]
        if name in WORKERS:
            drain_ms = int(env(container)["RECKON_DRAIN_TIMEOUT_MS"])
            assert grace_ms > before + drain_ms, f"{name}: grace {grace_ms} ms, preStop {before} + drain {drain_ms}"
            drained.add(name)
        else:
            assert grace_ms > before, name
    assert drained == WORKERS


@pytest.mark.parametrize("tree", TREES)
def test_every_workload_has_a_disruption_budget_letting_one_pod_go_at_a_time(tree):
    objects = render(tree).objects
    budgets = of_kind(objects, "PodDisruptionBudget")
    for workload in workloads(objects):
        labels = workload["spec"]["template"]["metadata"]["labels"]
        covering = [budget for budget in budgets if matches(budget["spec"]["selector"], labels)]
        assert len(covering) == 1, workload["metadata"]["name"]
        assert covering[0]["spec"] == {"maxUnavailable": 1, "selector": covering[0]["spec"]["selector"]}


@pytest.mark.parametrize("tree", TREES)
def test_network_policies_deny_by_default_and_let_only_the_topology_talk(tree):
    policies = of_kind(render(tree).objects, "NetworkPolicy")
    deny = [policy["spec"] for policy in policies if policy["spec"]["podSelector"] == {}
            and set(policy["spec"]["policyTypes"]) == {"Ingress", "Egress"}
            and not policy["spec"].get("ingress") and not policy["spec"].get("egress")]
    assert deny, "a default-deny NetworkPolicy for every pod, both ways"

    def allowed(direction, component, port):
        """Whether some policy selecting `component`'s pods lets `direction` traffic through `port`."""
        labels = {"app.kubernetes.io/name": "reckon", "app.kubernetes.io/component": component}
        return any(matches(policy["spec"]["podSelector"], labels) and direction.capitalize() in
                   policy["spec"]["policyTypes"] and any(
                       not rule.get("ports") or any(p["port"] == port for p in rule["ports"])
                       for rule in policy["spec"].get(direction, []))
                   for policy in policies)

    for worker in ("calc", "orders", "ledger"):
        assert allowed("egress", worker, 5556) and allowed("ingress", worker, METRICS_PORT)
        assert allowed("egress", worker, 53)
        assert not allowed("ingress", worker, 5556)
    for client in ("calc", "ledger", "http"):
        assert allowed("egress", client, 5555)
    assert allowed("egress", "orders", 5432) and allowed("egress", "ledger", 5432)
    assert not allowed("egress", "calc", 5432) and not allowed("egress", "http", 5432)
    assert allowed("ingress", "gateway", 5555) and allowed("ingress", "gateway", 5556)
    assert allowed("ingress", "http", 8080) and not allowed("ingress", "calc", 8080)
    assert not allowed("egress", "gateway", 5556), "gateways connect to nothing; workers connect to them"


@pytest.mark.parametrize("tree", TREES)
def test_two_gateways_with_stable_names_that_every_worker_and_client_lists(tree):
    objects = render(tree).objects
    gateways = named(objects, "StatefulSet", "reckon-gateway")
    assert gateways["spec"]["replicas"] == 2
    service = named(objects, "Service", gateways["spec"]["serviceName"])
    assert service["spec"]["clusterIP"] == "None" and service["spec"]["publishNotReadyAddresses"] is True
    assert matches({"matchLabels": service["spec"]["selector"]}, gateways["spec"]["template"]["metadata"]["labels"])
    annotations = gateways["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true" and annotations["prometheus.io/port"] == str(METRICS_PORT)
    workers, clients = gateway_endpoints(objects, 5556), gateway_endpoints(objects, 5555)
    assert workers == "tcp://reckon-gateway-0.reckon-gateway:5556,tcp://reckon-gateway-1.reckon-gateway:5556"
    seen = set()
    for workload, container in reckon_containers(objects):
        name, variables = workload["metadata"]["name"], env(container)
        if name in WORKERS:
            assert variables["RECKON_WORKER_ENDPOINT"] == workers, name
            seen.add(name)
        for client in ("RECKON_GATEWAY", "RECKON_PROFILES_VIA", "RECKON_CALC_VIA"):
            if client in variables:
                assert variables[client] == clients, f"{name} {client}"
                seen.add(client)
    assert seen == WORKERS | {"RECKON_GATEWAY", "RECKON_PROFILES_VIA", "RECKON_CALC_VIA"}


def mounted_files(pod, container):
    """The files the container sees from Secrets and ConfigMaps: {path: (kind, name, key)}."""
    volumes = {volume["name"]: volume for volume in pod.get("volumes", [])}
    files = {}
    for mount in container.get("volumeMounts", []):
        volume = volumes.get(mount["name"], {})  # else a StatefulSet's volume claim
        sources = volume.get("projected", {}).get("sources", [])
        sources += [{kind: volume[kind]} for kind in ("secret", "configMap") if kind in volume]
        for source in sources:
            kind, reference = next(iter(source.items()))
            name = reference.get("name") or reference.get("secretName")
            items = reference.get("items")
            assert items, f"{mount['mountPath']}: list the {kind}'s keys, so every file is known"
            for item in items:
                files[f"{mount['mountPath']}/{item['path']}"] = (kind, name, item["key"])
    return files


@pytest.mark.parametrize("tree", TREES)
def test_every_key_password_and_allow_list_file_is_mounted_where_the_server_reads_it(tree):
    for workload, container in reckon_containers(render(tree).objects):
        files = mounted_files(workload["spec"]["template"]["spec"], container)
        for variable, value in env(container).items():
            if variable.endswith(("_FILE", "_ALLOW_LIST")):
                assert value in files, f"{workload['metadata']['name']}: {variable}={value} is not mounted"
                if variable == "RECKON_CURVE_SECRET_KEY_FILE" and workload["metadata"]["name"] != "reckon-http":
                    assert value + ".pub" in files, "a worker's and a gateway's public key sits beside its secret"
    # compose.yaml's secret file names, under /run/secrets as there.
    objects = render(tree).objects
    calc_files = mounted_files(named(objects, "Deployment", "reckon-calc")["spec"]["template"]["spec"],
                               named(objects, "Deployment", "reckon-calc")["spec"]["template"]["spec"]["containers"][0])
    assert set(calc_files) == {"/run/secrets/gateway_key.pub", "/run/secrets/worker_key", "/run/secrets/worker_key.pub"}


@pytest.mark.parametrize("tree", TREES)
def test_no_key_material_is_committed_and_every_secret_made_by_hand_is_documented(tree):
    objects = render(tree).objects
    for secret in of_kind(objects, "Secret"):
        assert not secret.get("data"), "no key material in the repository"
        for key, value in secret.get("stringData", {}).items():
            assert key == "url" and re.fullmatch(r"postgres://[^:@/]+@[^/]+/\w+", value), "a URL without password"
    rendered = {(obj["kind"], obj["metadata"]["name"]) for obj in objects}
    guide = (REPOSITORY / "docs" / "deploy.md").read_text()
    containers = [(w, c) for w in workloads(objects) for c in w["spec"]["template"]["spec"]["containers"]]
    for workload, container in containers:
        referenced = {(("Secret" if kind == "secret" else "ConfigMap"), name)
                      for kind, name, _ in mounted_files(workload["spec"]["template"]["spec"], container).values()}
        referenced |= {("Secret", variable["valueFrom"]["secretKeyRef"]["name"])
                       for variable in container.get("env", []) if "secretKeyRef" in variable.get("valueFrom", {})}
        for kind, name in referenced - rendered:
            command = "create secret generic" if kind == "Secret" else "create configmap"
            assert re.search(rf"{command} {name}\b", guide), f"docs/deploy.md shows how to make the {kind} {name}"


def test_the_single_node_overlay_runs_postgres_15_on_a_volume_and_points_the_workers_at_it():
    objects = render("single-node").objects
    postgres = named(objects, "StatefulSet", "reckon-postgres")
    assert postgres["spec"]["template"]["spec"]["containers"][0]["image"] == "postgres:15-bookworm"
    assert postgres["spec"]["volumeClaimTemplates"][0]["spec"]["accessModes"] == ["ReadWriteOnce"]
    service = named(objects, "Service", postgres["spec"]["serviceName"])
    url = named(objects, "Secret", "reckon-database")["stringData"]["url"]
    assert url == f"postgres://reckon@{service['metadata']['name']}:5432/reckon"
    assert not any("affinity" in w["spec"]["template"]["spec"] for w in workloads(objects)), "fits on one node"
    assert not any(obj["apiVersion"].startswith(CUSTOM_API_GROUPS) for obj in objects)
    assert not any(obj["kind"] == "Secret" for obj in render("ha").objects), "ha's PostgreSQL is external"


def test_the_ha_overlay_spreads_gateways_workers_and_the_bridge_over_nodes():
    rendered = render("ha")
    documents = rendered.objects if rendered.by_kubectl else rendered.patches
    for kind, name in [("StatefulSet", "reckon-gateway")] + [("Deployment", n) for n in WORKERS | {"reckon-http"}]:
        pod = named(documents, kind, name)["spec"]["template"]["spec"]
        anti = pod.get("affinity", {}).get("podAntiAffinity", {})
        hard = anti.get("requiredDuringSchedulingIgnoredDuringExecution", [])
        spread = pod.get("topologySpreadConstraints", [])
        keys = {term["topologyKey"] for term in hard} | {constraint["topologyKey"] for constraint in spread}
        assert "kubernetes.io/hostname" in keys, name
        if name == "reckon-gateway":
            assert [term["topologyKey"] for term in hard] == ["kubernetes.io/hostname"], "never both on one node"
    if rendered.by_kubectl:
        for name in WORKERS:
            assert "replicas" not in named(rendered.objects, "Deployment", name)["spec"], "KEDA owns the count"


def gateway_gauges():
    """The gauges docs/api.md's "health" section says a gateway exports per service."""
    guide = (REPOSITORY / "docs" / "api.md").read_text()
    section = guide[guide.index("### health"):guide.index("### stats")]
    return set(re.findall(r"`(gateway_[a-z0-9_]+)`", section))


SELECTOR = re.compile(r"([A-Za-z_:][A-Za-z0-9_:]*)\s*\{([^}]*)\}")
KEYWORDS = {"by", "without", "on", "ignoring", "group_left", "group_right", "bool", "and", "or", "unless"}


def query_selectors(query):
    """(metric, frozenset of label names) for every selector in a PromQL query; fails on a metric named without
    braces (every query names its service)."""
    selectors = [(match[1], frozenset(re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\s*(?:=~|!~|!=|=)", match[2])))
                 for match in SELECTOR.finditer(query)]
    bare = SELECTOR.sub(" ", re.sub(r'"[^"]*"', '""', query))
    for token in re.finditer(r"[A-Za-z_:][A-Za-z0-9_:]*", bare):
        follows = bare[token.end():].lstrip()[:1]
        assert follows == "(" or token[0] in KEYWORDS, f"{token[0]} in {query!r} names a metric without a selector"
    return selectors


def scaled_objects():
    return of_kind(render("ha").objects, "ScaledObject")


def scaled_object_metrics():
    """Every (metric name, frozenset of label names) the ha overlay's ScaledObjects' queries read."""
    return {selector for scaled in scaled_objects() for trigger in scaled["spec"]["triggers"]
            for selector in query_selectors(trigger["metadata"]["query"])}


def test_scaled_objects_scale_each_worker_on_the_gateways_gauges_and_remove_one_pod_at_a_time():
    objects = render("ha").objects
    scaled = scaled_objects()
    deployments = {d["metadata"]["name"] for d in of_kind(objects, "Deployment")}
    assert {s["spec"]["scaleTargetRef"]["name"] for s in scaled} == WORKERS
    gauges = gateway_gauges()
    assert {"gateway_workers", "gateway_busy_slots", "gateway_queue_wait_p90_seconds"} <= gauges
    for s in scaled:
        assert s["apiVersion"] == "keda.sh/v1alpha1"
        spec, name = s["spec"], s["metadata"]["name"]
        target = spec["scaleTargetRef"]
        assert target.get("kind", "Deployment") == "Deployment" and target["name"] in deployments
        assert target.get("apiVersion", "apps/v1") == "apps/v1"
        assert s["metadata"]["namespace"] == named(objects, "Deployment", target["name"])["metadata"]["namespace"]
        service = target["name"].removeprefix("reckon-")
        assert 0 <= spec["minReplicaCount"] <= spec["maxReplicaCount"]
        down = spec["advanced"]["horizontalPodAutoscalerConfig"]["behavior"]["scaleDown"]
        assert down["stabilizationWindowSeconds"] >= 60, name
        assert down["policies"] and all(p["type"] == "Pods" and p["value"] == 1 for p in down["policies"]), name
        triggers = {trigger["name"]: trigger for trigger in spec["triggers"]}
        for trigger in spec["triggers"]:
            assert trigger["type"] == "prometheus" and trigger.get("metricType", "AverageValue") in (
                "Value", "AverageValue", "Utilization")
            metadata = trigger["metadata"]
            assert metadata["serverAddress"].startswith("http")
            float(metadata["threshold"])
            for metric, labels in query_selectors(metadata["query"]):
                assert metric in gauges, f"{name}: {metric} is not a gauge the gateway exports"
                assert labels == {"service"}, name
            assert set(re.findall(r'service="([^"]+)"', metadata["query"])) == {service}, name
        wait = triggers["queue-wait-p90"]["metadata"]
        assert wait["query"] == f'max(gateway_queue_wait_p90_seconds{{service="{service}"}})'
        assert float(wait["threshold"]) == 0.05
        # Busy slots are per gateway (summed), slots are every worker's as each gateway sees them (the largest).
        utilisation = re.sub(r"\s+", " ", triggers["utilisation"]["metadata"]["query"])
        assert f'sum(gateway_busy_slots{{service="{service}"}})' in utilisation
        assert f'/ clamp_min(max(gateway_workers{{service="{service}"}}), 1)' in utilisation
        activation = [t for t in spec["triggers"] if "activationThreshold" in t["metadata"]]
        assert activation, f"{name}: a trigger with an activationThreshold, for minReplicaCount 0"
        assert any("gateway_arrivals_per_second" in t["metadata"]["query"] for t in activation)
    assert scaled_object_metrics() == {(gauge, frozenset({"service"})) for gauge in (
        "gateway_queue_wait_p90_seconds", "gateway_busy_slots", "gateway_queue_depth", "gateway_workers",
        "gateway_arrivals_per_second")}
