"""Medians of loadgen reports, for the bench scripts' tables.

A reports file holds one line a run: a label (system, slot count, ...), a space, and loadgen's JSON report.
"""
import json
import statistics


def load(path):
    """The runs by (label, clients), in file order."""
    runs = {}
    for line in open(path):
        label, report = line.split(" ", 1)
        report = json.loads(report)
        runs.setdefault((label, report["clients"]), []).append(report)
    return runs


def median(runs, label, clients, key):
    """The median (the lower one of an even count) of `key` over the label's runs at `clients`."""
    return statistics.median_low(run[key] for run in runs[label, clients])


def row(runs, label):
    """The table cells for a label: 1-client p50 µs, 16-client req/s and p50 µs, errors over every run."""
    errors = sum(run["errors"] for clients in (1, 16) for run in runs[label, clients])
    return (f"{median(runs, label, 1, 'p50_us'):.0f} | {median(runs, label, 16, 'rps'):.0f} "
            f"| {median(runs, label, 16, 'p50_us'):.0f} | {errors}")
