#!/usr/bin/env python3
"""The medians tables of scripts/bench/tracing.sh: RESULTS holds one line a run, "SYSTEM LOAD P50_US RPS CPU_US"
(systems base, off, on, tenth, none; LOAD 1, 16 or paced), and the ratios of issue #41's bars.
  tracing-report.py RESULTS ROUNDS
"""
import statistics
import sys

results, rounds = sys.argv[1:3]
rows = [line.split() for line in open(results)]
LABELS = {"base": "before tracing", "off": "tracing off (default)", "on": "tracing on, every span exported",
          "tenth": "tracing on, a tenth of the traces sampled", "none": "tracing on, nothing sampled"}


def median(system, clients, index):
    return statistics.median_low(float(r[index]) for r in rows if r[0] == system and r[1] == str(clients))


print(f"\nMedians of {rounds} rounds (p50 in µs, throughput in requests a second, CPU in µs a request: gateway, calc "
      "and reckon-http together).\n")
print("| stack | 1-conn p50 µs | 1-conn req/s | 1-conn CPU µs | 16-conn p50 µs | 16-conn req/s | 16-conn CPU µs |")
print("|---|---:|---:|---:|---:|---:|---:|")
for system, label in LABELS.items():
    cells = [median(system, clients, index) for clients in (1, 16) for index in (2, 3, 4)]
    print(f"| {label} | " + " | ".join(f"{value:,.1f}" if i % 3 == 2 else f"{value:,.0f}"
                                       for i, value in enumerate(cells)) + " |")
print("\n| ratio (issue #41's bar) | value |\n|---|---:|")
print(f"| off / before, 1-conn p50 (≤ 1.03) | {median('off', 1, 2) / median('base', 1, 2):.3f} |")
print(f"| off / before, 16-conn req/s (≥ 0.97) | {median('off', 16, 3) / median('base', 16, 3):.3f} |")
print(f"| on / off, CPU a request at 16 connections (at capacity, where it is also throughput lost) | "
      f"{median('on', 16, 4) / median('off', 16, 4):.3f} |")
print(f"| on / off, 16-conn req/s | {median('on', 16, 3) / median('off', 16, 3):.3f} |")
print(f"| on / off, CPU a request at 1 connection | {median('on', 1, 4) / median('off', 1, 4):.3f} |")
for system in ("tenth", "none"):
    print(f"| {LABELS[system]} / off, CPU a request at 16 connections | "
          f"{median(system, 16, 4) / median('off', 16, 4):.3f} |")

print("\nPaced: 16 connections, each waiting between an answer and its next request (below capacity).\n")
print("| stack | req/s | p50 µs | CPU µs a request | CPU / off |\n|---|---:|---:|---:|---:|")
for system, label in LABELS.items():
    cpu = median(system, "paced", 4)
    print(f"| {label} | {median(system, 'paced', 3):,.0f} | {median(system, 'paced', 2):,.0f} | {cpu:,.1f} | "
          f"{cpu / median('off', 'paced', 4):.3f} |")
print("\n| ratio (issue #41's bar) | value |\n|---|---:|")
print(f"| on / off, CPU a request, paced (≤ 1.10) | {median('on', 'paced', 4) / median('off', 'paced', 4):.3f} |")
