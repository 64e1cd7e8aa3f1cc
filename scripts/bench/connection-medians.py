#!/usr/bin/env python3
"""The medians table of an HTTP bench (http.sh, http-ab.sh): RESULTS holds one line a run, "SYSTEM CLIENTS P50_US
RPS"; each SYSTEM=LABEL argument is a row, in order. With --bars, the ratios of issue #36's bars (systems nginx, mdp
and bridge); with --versus A B, B's ratios to A.
  connection-medians.py RESULTS ROUNDS [--bars | --versus A B] SYSTEM=LABEL...
"""
import statistics
import sys

results, rounds, *rest = sys.argv[1:]
rows = [line.split() for line in open(results)]
bars = rest[:1] == ["--bars"]
versus = rest[1:3] if rest[:1] == ["--versus"] else None
names = dict(arg.split("=", 1) for arg in rest if "=" in arg)


def median(system, clients, index):
    return statistics.median_low(float(r[index]) for r in rows if r[0] == system and r[1] == str(clients))


print(f"\nMedians of {rounds} rounds (p50 in µs, throughput in requests a second).\n")
print("| system | 1-conn p50 µs | 1-conn req/s | 16-conn p50 µs | 16-conn req/s |")
print("|---|---:|---:|---:|---:|")
for system, name in names.items():
    cells = [median(system, clients, index) for clients in (1, 16) for index in (2, 3)]
    print(f"| {name} | " + " | ".join(f"{value:,.0f}" for value in cells) + " |")
if bars:
    latency = median("bridge", 1, 2) / (median("nginx", 1, 2) + median("mdp", 1, 2))
    throughput = median("bridge", 16, 3) / min(median("nginx", 16, 3), median("mdp", 16, 3))
    print("\n| ratio (issue #36's bar) | value |\n|---|---:|")
    print(f"| bridge 1-conn p50 / (nginx p50 + MDP p50) (≤ 1.2) | {latency:.2f} |")
    print(f"| bridge 16-conn req/s / min(nginx, MDP) (≥ 0.6) | {throughput:.2f} |")
if versus:
    base, variant = versus
    print(f"\n{variant} / {base}: 1-conn p50 {median(variant, 1, 2) / median(base, 1, 2):.2f}, "
          f"16-conn req/s {median(variant, 16, 3) / median(base, 16, 3):.2f}")
