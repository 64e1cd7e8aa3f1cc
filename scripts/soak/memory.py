"""The soak test's memory watch (scripts/soak.sh): samples the resident set size of every process of the run from
/proc, and reports each one's growth over the run.

    memory.py sample --out FILE [--every SECONDS]      until killed: a line per process per sample,
                                                      `seconds host name pid rss_kB` (tab-separated)
    memory.py report --samples FILE --from SECONDS [--bar-mb MB] [--result FILE]

The processes: every Reckon executable in the hosts of scripts/multihost.sh, PostgreSQL's postmaster there, and the
load (scripts/soak/load.py) on this machine. `report` compares each process's RSS at `--from` seconds (the first
sample at or after it) with its last sample; a process that ran through the whole window (the same pid from `--from`
to the end) fails the bar when it grew by more than `--bar-mb` MB. A process the faults killed and restarted is
listed once per incarnation, with its own first and last samples, and is not held to the bar.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

HOSTS = ["gw-a", "gw-b", "db", "worker-1", "worker-2"]
Key = Tuple[str, str, int]


def executable(pid: int) -> str:
    try:
        return os.path.basename(os.readlink(f"/proc/{pid}/exe")).removesuffix(" (deleted)")
    except OSError:
        return ""


def rss_kb(pid: int) -> Optional[int]:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def processes() -> List[Tuple[str, str, int]]:
    """(host, name, pid) of every process watched, now."""
    found = []
    for host in HOSTS:
        listed = subprocess.run(["ip", "netns", "pids", f"rk-{host}"], capture_output=True, text=True).stdout
        for pid in map(int, listed.split()):
            name = executable(pid)
            if name.startswith("reckon-") or (name == "postgres" and executable(parent(pid)) != "postgres"):
                found.append((host, name, pid))
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and entry.name != str(os.getpid()):
            try:
                arguments = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if any(argument.endswith(b"soak/load.py") for argument in arguments):
                found.append(("client", "load.py", int(entry.name)))
    return found


def sample(out: Path, every: float) -> None:
    start = time.monotonic()
    with out.open("w") as samples:
        while True:
            now = time.monotonic() - start
            for host, name, pid in processes():
                rss = rss_kb(pid)
                if rss is not None:
                    samples.write(f"{now:.1f}\t{host}\t{name}\t{pid}\t{rss}\n")
            samples.flush()
            time.sleep(max(0.0, every - (time.monotonic() - start - now)))


def report(samples: Path, start: float, bar_mb: float, result: Optional[Path]) -> int:
    series: Dict[Key, List[Tuple[float, int]]] = {}
    for line in samples.read_text().splitlines():
        seconds, host, name, pid, rss = line.split("\t")
        series.setdefault((host, name, int(pid)), []).append((float(seconds), int(rss)))
    end = max(point[0] for points in series.values() for point in points)
    rows = []
    failures = []
    for (host, name, pid), points in sorted(series.items()):
        after = [rss for seconds, rss in points if seconds >= start] or [points[-1][1]]
        row = {"host": host, "process": name, "pid": pid, "firstSeen": points[0][0], "lastSeen": points[-1][0],
               "ranThrough": points[0][0] <= start and points[-1][0] >= end - 15, "atFromMB": after[0] / 1000,
               "atEndMB": points[-1][1] / 1000, "peakMB": max(rss for _, rss in points) / 1000,
               "growthMB": (points[-1][1] - after[0]) / 1000}
        rows.append(row)
        if row["ranThrough"] and row["growthMB"] > bar_mb:
            failures.append(f"{host} {name} ({pid}) grew {row['growthMB']:.1f} MB")
    print(f"RSS in MB (10^6 bytes), at {start:.0f} s and at the end ({end:.0f} s); bar: {bar_mb:g} MB of growth for "
          "a process that ran through")
    print(f"{'host':9} {'process':15} {'pid':>7} {'at from':>8} {'at end':>8} {'peak':>8} {'growth':>8}")
    for row in rows:
        if row["ranThrough"]:
            print(f"{row['host']:9} {row['process']:15} {row['pid']:7} {row['atFromMB']:8.1f} {row['atEndMB']:8.1f} "
                  f"{row['peakMB']:8.1f} {row['growthMB']:+8.1f}  {'over the bar' if row['growthMB'] > bar_mb else 'ok'}")
    restarted: Dict[Tuple[str, str], List[dict]] = {}
    for row in rows:
        if not row["ranThrough"]:
            restarted.setdefault((row["host"], row["process"]), []).append(row)
    for (host, name), incarnations in sorted(restarted.items()):
        print(f"{host:9} {name:15} {len(incarnations)} incarnations (killed or restarted, not held to the bar): "
              f"peak {max(row['peakMB'] for row in incarnations):.1f}, largest growth within one "
              f"{max(row['peakMB'] - row['atFromMB'] for row in incarnations):+.1f} from its first sample after "
              f"{start:.0f} s or its start")
    if result is not None:
        result.write_text(json.dumps({"from": start, "end": end, "processes": rows, "failures": failures}, indent=1))
    print("memory:", f"FAILED ({'; '.join(failures)})" if failures else "passed")
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    sampling = commands.add_parser("sample")
    sampling.add_argument("--out", type=Path, required=True)
    sampling.add_argument("--every", type=float, default=5.0)
    reporting = commands.add_parser("report")
    reporting.add_argument("--samples", type=Path, required=True)
    reporting.add_argument("--from", dest="start", type=float, required=True)
    reporting.add_argument("--bar-mb", type=float, default=16.0)
    reporting.add_argument("--result", type=Path)
    options = parser.parse_args()
    if options.command == "sample":
        sample(options.out, options.every)
        return 0
    return report(options.samples, options.start, options.bar_mb, options.result)


if __name__ == "__main__":
    sys.exit(main())
