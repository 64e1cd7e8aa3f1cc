"""The report of scripts/bench/autoscale.sh: one row a set-up, issue #40's bars as ratios, the scale-downs followed
by a scale-up within the stabilisation window, and an SVG of the calc processes over the ramp beside the clients.
    autoscale-report.py ROWS N STABILISATION STEP_SECONDS CLIENTS OUT"""
import json
import sys

rows_file, n, stabilisation, step, clients, out = sys.argv[1:7]
n, stabilisation, step = int(n), float(stabilisation), float(step)
clients = [int(c) for c in clients.split(",")]
rows = {row["mode"]: row for row in map(json.loads, open(rows_file))}
fixed_n, scaled = rows[f"fixed-{n}"], rows["autoscale"]

print("| calc | peak p99 ms | ramp p50 ms | ramp p99 ms | calls | mean processes | errors | writes | carts stored |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for mode, row in rows.items():
    print(f"| {mode} | {row['peak_p99_ms']:.1f} | {row['p50_ms']:.1f} | {row['p99_ms']:.1f} | {row['calls']} | "
          f"{row['mean_processes']:.2f} | {row['errors']} | {row['writes']} | {row['carts']} |")
changes = scaled["changes"]  # [seconds into the ramp, the count asked for]
moves = [(at, count - before) for (_, before), (at, count) in zip(changes, changes[1:])]
ups_after = [(down, up) for down, d in moves if d < 0 for up, u in moves if u > 0 and down < up < down + stabilisation]
print()
print("| bar (issue #40) | value | met |")
print("|---|---:|---|")
ratio = scaled["peak_p99_ms"] / fixed_n["peak_p99_ms"]
print(f"| autoscaled p99 at the peak ≤ 1.5 × fixed-{n}'s | {ratio:.2f} × | {'yes' if ratio <= 1.5 else 'no'} |")
share = scaled["mean_processes"] / n
print(f"| autoscaled mean processes ≤ 60 % of {n} | {100 * share:.0f} % | {'yes' if share <= 0.6 else 'no'} |")
lost = sum(row["errors"] for row in rows.values())
doubled = sum(row["carts"] - row["writes"] for row in rows.values())
print(f"| requests lost, writes doubled (all runs) | {lost}, {doubled} | {'yes' if lost == 0 and doubled == 0 else 'no'} |")
print(f"| a scale-up within {stabilisation:.0f} s after a scale-down | {len(ups_after)} | "
      f"{'yes' if not ups_after else 'no (the ramp was not flat there: see the plot)'} |")

# The plot: processes over time, one step line a set-up, and the clients' ramp in grey on its own scale.
width, height, left, bottom = 720, 300, 40, 30
duration = step * len(clients)
x = lambda t: left + (width - left - 10) * min(t, duration) / duration  # noqa: E731
y = lambda k, top: height - bottom - (height - bottom - 10) * k / top  # noqa: E731
colours = {"autoscale": "#2f7fd8", f"fixed-{n}": "#e0661c", "fixed-1": "#2e9e5e"}
lines = []
for mode, row in rows.items():
    points, previous = [], None
    for at, count in row["timeline"]:
        if previous is not None:
            points.append(f"{x(at):.1f},{y(previous, n):.1f}")
        points.append(f"{x(at):.1f},{y(count, n):.1f}")
        previous = count
    lines.append(f'<polyline fill="none" stroke="{colours[mode]}" stroke-width="2.5" points="{" ".join(points)}"/>')
ramp = []
for index, count in enumerate(clients):
    ramp += [f"{x(index * step):.1f},{y(count, max(clients)):.1f}", f"{x((index + 1) * step):.1f},{y(count, max(clients)):.1f}"]
legend = "".join(f'<text x="{left + 10 + 150 * i}" y="14" fill="{colours[m]}">{m}</text>' for i, m in enumerate(rows))
svg = f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">
<title>calc processes over the load ramp (clients in grey, 0 to {max(clients)})</title>
<rect width="{width}" height="{height}" fill="white"/>
<polyline fill="none" stroke="#bbb" stroke-width="1.5" points="{" ".join(ramp)}"/>
{"".join(lines)}
<line x1="{left}" y1="{height - bottom}" x2="{width - 10}" y2="{height - bottom}" stroke="#555"/>
<text x="4" y="{y(n, n) + 4:.0f}">{n}</text><text x="4" y="{height - bottom + 4}">0</text>
<text x="{left}" y="{height - 8}">0 s</text><text x="{width - 60}" y="{height - 8}">{duration:.0f} s</text>
{legend}<text x="{left + 460}" y="14" fill="#888">clients</text>
</svg>
"""
open(out, "w").write(svg)
print(f"\nplot: {out}")
