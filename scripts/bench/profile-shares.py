"""Inclusive shares of a process's perf samples: for each LABEL=TEXT, the share of the samples of process PID whose
call stack holds a frame whose (demangled) name contains TEXT. Reads `perf script -F comm,pid,tid,ip,sym` piped
through `swift demangle --simplified` on standard input. Async Swift stacks end at the executor, so a share counts
what an op's code called, not the task that awaited it.
    perf script -i perf.data -F comm,pid,tid,ip,sym | swift demangle --simplified |
        python3 scripts/bench/profile-shares.py PID "SQL built=SQL." "JSON=JSONValueEncoder" ..."""
import sys


def samples(lines, pid):
    """Each sample of `pid`, as the list of its frames' names, leaf first."""
    frames, ours = [], False
    for line in lines:
        if not line.strip():
            if ours:
                yield frames
            frames, ours = [], False
        elif line[0] not in " \t":
            ours = f" {pid}/" in line
        else:
            parts = line.strip().split(None, 1)
            frames.append(parts[1] if len(parts) > 1 else "")
    if ours:
        yield frames


def main():
    pid, wanted = sys.argv[1], [argument.split("=", 1) for argument in sys.argv[2:]]
    total, counts = 0, [0] * len(wanted)
    for frames in samples(sys.stdin, pid):
        total += 1
        for index, (_, text) in enumerate(wanted):
            if any(text in frame for frame in frames):
                counts[index] += 1
    print(f"{total} samples of process {pid}")
    print("| part | share of its samples |\n|---|---:|")
    for (label, _), count in zip(wanted, counts):
        print(f"| {label} | {100 * count / max(total, 1):.1f} % |")


main()
