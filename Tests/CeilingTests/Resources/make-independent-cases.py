#!/usr/bin/env python3
"""Independent oracle for the ceiling estimator.

Writes independent-cases.json: seeded random rooms and options for every product, with quantities computed here
with exact fractions from the rules in /work/shared/domain/ceiling.md (sections 3 and 5.3), without reading the
catalogue. Run: python3 make-independent-cases.py > independent-cases.json
"""
import json, math, random
from decimal import Decimal, getcontext
from fractions import Fraction as F

getcontext().prec = 60

def ceil6(x):
    """qty = ceil(round(x, 6)), rounding half up (x >= 0)."""
    return math.ceil(F(math.floor(x * 10**6 + F(1, 2)), 10**6))

def rods_factor(drop):
    if drop <= 1: return F(1, 3)
    if drop < F(18, 10): return F(1, 2)
    if drop <= F(34, 10): return F(1)
    return F(2) if drop <= 7 else F(3)

def joiner_factor(drop):
    if drop <= F(34, 10): return F(0)
    return F(1) if drop <= 7 else F(2)

class Bill:
    def __init__(self, variance):
        self.variance, self.lines, self.base = variance, [], {}
    def add(self, line, product, raw, variance=True, waste=0, spares=0, pack=None):
        if raw is None:
            self.base[line] = 0
            return
        raw = raw * (1 + F(waste) / 100)
        if variance: raw = raw * (1 + self.variance / 100)
        qty = ceil6(raw)
        self.base[line] = qty
        total = qty + spares
        if total == 0: return
        entry = {"line": line, "product": product, "qty": total}
        if pack: entry.update(packs=-(-total // pack), pack_size=pack)
        self.lines.append(entry)
    def suspension(self, drop):
        s = self.base["suspension_clip"]
        self.add("anchor_clip", SUSP_ANCHOR, F(s), variance=False)
        self.add("hanging_rod", "susp.hanging_rod_3600", s * rods_factor(drop), variance=False)
        self.add("rod_joiner", "susp.rod_joiner", s * joiner_factor(drop), variance=False)

SUSP_ANCHOR = "susp.anchor_clip"

def exposed(b, pre, kind, A, P, o):
    tr = o.get("troffers_1200x300", False)
    troffer = F(16, 100) * A if tr else 0
    if kind == "1200x600":
        b.add("main_tee", f"{pre}.main_tee_3600", A / F(12, 10) / F(36, 10))
        b.add("cross_tee_1200", f"{pre}.cross_tee_1200", A / F(6, 10) / F(12, 10) + troffer)
        b.add("cross_tee_600", f"{pre}.cross_tee_600", F(6, 100) * A if o.get("aircon_registers_600x600") else None)
        if pre == "seismic": b.add("seismic_clip", "seismic.seismic_clip", A / F(72, 100))
        b.add("tiles", "tile.1200x600", A / F(72, 100), spares=o.get("spare_tiles", 0))
        b.add("suspension_clip", "susp.suspension_clip", A / F(144, 100))
    elif kind == "600x600":
        b.add("main_tee", f"{pre}.main_tee_3600", A / F(12, 10) / F(36, 10))
        b.add("cross_tee_1200", f"{pre}.cross_tee_1200", A / F(6, 10) / F(12, 10) + troffer)
        b.add("cross_tee_600", f"{pre}.cross_tee_600", A / F(12, 10) / F(6, 10))
        if pre == "seismic": b.add("seismic_clip", "seismic.seismic_clip", A / F(72, 100))
        b.add("tiles", "tile.600x600", A / F(36, 100), spares=o.get("spare_tiles", 0))
        b.add("suspension_clip", "susp.suspension_clip", A / F(144, 100))
    else:  # heavy duty: mains @600, 600 cross tees @600, hangers 0.6 x 1.2
        b.add("main_tee", f"{pre}.main_tee_3600", A / F(6, 10) / F(36, 10))
        b.add("cross_tee_600", f"{pre}.cross_tee_600", A / F(6, 10) / F(6, 10))
        b.add("cross_tee_1200", f"{pre}.cross_tee_1200", troffer if tr else None)
        b.add("tiles", "tile.600x600", A / F(36, 100), spares=o.get("spare_tiles", 0))
        b.add("suspension_clip", "susp.suspension_clip", A / F(72, 100))
    b.suspension(o["drop_m"])
    if pre == "seismic":
        for side in ("fixed", "floating"):
            b.add(f"{side}_wall_angle", f"seismic.{side}_wall_angle_3600", P / 2 / F(36, 10))
        for side in ("fixed", "floating"):
            b.add(f"{side}_wall_angle_bracket", f"seismic.{side}_wall_angle_bracket", P / 2 / F(9, 10))
    else:
        b.add("wall_angle", f"{pre}.wall_angle_3600", P / F(36, 10))

def module(b, pre, m, main, spacer, tiles, A, P, o):
    """tiles: {size: tiles per module}; splines per module: C only 2(n-1); C + T: 2 C and n-2 T."""
    size = next((s for s in tiles if o.get(f"tile_{s}")), list(tiles)[0])
    n, cell = tiles[size], m * m
    c, t = o.get("c_spline", False), o.get("t_spline", False)
    b.add("main_tee", main[0], A / m / main[1])
    b.add("cross_member", spacer, A / m / m)
    b.add("c_spline", "spline.c_spline", (A / cell * (2 if t else 2 * (n - 1))) if c else None)
    b.add("t_spline", "spline.t_spline", A / cell * (n - 2) if c and t else None)
    b.add("tiles", f"tile.{size}", A / (cell / n), spares=o.get("spare_tiles", 0))
    b.add("suspension_clip", "susp.suspension_clip", A / cell)
    b.suspension(o["drop_m"])
    b.add("wall_angle", f"{pre}.wall_angle_3600", P / F(36, 10))

def oneway(b, main, m, tile, A, P, o):
    cell = m * F(12, 10) if m != F(12, 10) else m * m
    module_area = m * m
    c, inter = o.get("c_spline", False), o.get("intermediate_t_spline", False)
    b.add("main_tee", main, A / m / F(36, 10))
    b.add("interlocking_t_spline", "spline.interlocking_t_spline", A / module_area)
    b.add("c_spline", "spline.c_spline", A / module_area * (2 if inter else 4) if c else None)
    b.add("intermediate_t_spline", "spline.intermediate_t_spline", A / module_area if c and inter else None)
    b.add("tiles", f"tile.{tile}", A / (module_area / 3), spares=o.get("spare_tiles", 0))
    b.add("suspension_clip", "susp.suspension_clip", A / cell)
    b.suspension(o["drop_m"])
    b.add("wall_angle", "oneway.wall_angle_3600", P / F(36, 10))

def concealed(b, fc, A, P, o):
    sheet = o.get("board_sheet", "1200x3600")
    length = F(int(sheet.split("x")[1]), 1000)
    b.add("top_cross_rail", "conc.top_cross_rail_3600", A / F(12, 10) / F(36, 10))
    b.add("furring_channel", "conc.furring_channel_3600", A / fc / F(36, 10))
    b.add("furring_channel_track", "conc.furring_channel_track_3000", P / 3)
    b.add("suspension_clip", "conc.rod_tcr_clip", A / F(144, 100))
    s = b.base["suspension_clip"]
    b.add("anchor_clip", "conc.anchor_bracket", F(s), variance=False)
    b.add("hanging_rod", "susp.hanging_rod_3600", s * rods_factor(o["drop_m"]), variance=False)
    b.add("rod_joiner", "susp.rod_joiner", s * joiner_factor(o["drop_m"]), variance=False)
    b.add("fc_tcr_clip", "conc.fc_tcr_clip", A / (F(12, 10) * fc))
    b.add("plasterboard", f"board.13mm_{sheet}", A / (F(12, 10) * length), waste=o.get("board_waste_pct", 10))
    b.add("board_screws", "fix.board_screw", A / (fc * F(23, 100)), waste=10, pack=1000)

M12, M135, M15 = F(12, 10), F(135, 100), F(15, 10)
LEAVES = {}
for pre in ("regal", "premium", "klik"):
    for kind, suffix in (("1200x600", "1200x600"), ("600x600", "600x600"), ("hd", "600x600_hd")):
        LEAVES[f"{pre}_{suffix}"] = ("exposed", lambda b, A, P, o, pre=pre, kind=kind: exposed(b, pre, kind, A, P, o))
    LEAVES[f"{pre}_1200x1200"] = ("module1200", lambda b, A, P, o, pre=pre: module(
        b, pre, M12, (f"{pre}.main_tee_3600", F(36, 10)), f"{pre}.cross_tee_1200", {"1200x400": 3, "1200x300": 4}, A, P, o))
LEAVES["corporate_1200"] = ("module1200", lambda b, A, P, o: module(
    b, "corporate", M12, ("corporate.main_tee_3600", F(36, 10)), "corporate.spacer_1200", {"1200x400": 3, "1200x300": 4}, A, P, o))
LEAVES["corporate_1350"] = ("module1350", lambda b, A, P, o: module(
    b, "corporate", M135, ("corporate.main_tee_4050", F(405, 100)), "corporate.spacer_1350", {"1350x450": 3}, A, P, o))
LEAVES["corporate_1500"] = ("module1500", lambda b, A, P, o: module(
    b, "corporate", M15, ("corporate.main_tee_4500", F(45, 10)), "corporate.spacer_1500", {"1500x500": 3, "1500x300": 5}, A, P, o))
for frame in ("tbar24", "tophat32"):
    LEAVES[f"oneway_{frame}_1200x400"] = ("oneway", lambda b, A, P, o, f=frame: oneway(b, f"oneway.{f}_main_tee_3600", M12, "1200x400", A, P, o))
    LEAVES[f"oneway_{frame}_1350x450"] = ("oneway", lambda b, A, P, o, f=frame: oneway(b, f"oneway.{f}_main_tee_3600", M135, "1350x450", A, P, o))
LEAVES["seismic_1200x600"] = ("exposed", lambda b, A, P, o: exposed(b, "seismic", "1200x600", A, P, o))
LEAVES["seismic_600x600"] = ("exposed", lambda b, A, P, o: exposed(b, "seismic", "600x600", A, P, o))
LEAVES["concealed_fc600"] = ("concealed", lambda b, A, P, o: concealed(b, F(6, 10), A, P, o))
LEAVES["concealed_fc450"] = ("concealed", lambda b, A, P, o: concealed(b, F(45, 100), A, P, o))

def dec(x, places):
    return F(Decimal(str(x)).quantize(Decimal(1).scaleb(-places)))

def number(x):
    """An exact fraction with at most 6 decimals as a JSON number (float repr is exact at this size)."""
    return int(x) if x.denominator == 1 else float(x)

def options(rng, family, leaf):
    o = {"drop_m": rng.choice([0.1, 0.6, 1.0, 1.2, 1.8, 2.5, 3.4, 3.5, 7.0, 8.2, 10.0])}
    if family == "concealed":
        o["board_sheet"] = rng.choice(["1200x2400", "1200x3000", "1200x3600", "1200x4800", "1200x6000"])
        o["board_waste_pct"] = rng.choice([0, 5, 10, 12.5])
    else:
        o["spare_tiles"] = rng.choice([0, 1, 4, 10])
    if family == "exposed":
        o["troffers_1200x300"] = rng.random() < 0.5
        if "1200x600" in leaf: o["aircon_registers_600x600"] = rng.random() < 0.5
    if family.startswith("module"):
        o["c_spline"] = rng.random() < 0.7
        o["t_spline"] = o["c_spline"] and rng.random() < 0.5
        sizes = {"module1200": ["1200x400", "1200x300"], "module1500": ["1500x500", "1500x300"]}.get(family)
        if sizes and rng.random() < 0.7: o[f"tile_{rng.choice(sizes)}"] = True
    if family == "oneway":
        o["c_spline"] = rng.random() < 0.7
        o["intermediate_t_spline"] = o["c_spline"] and rng.random() < 0.5
    if rng.random() < 0.6: o["variance_pct"] = rng.choice([0, 2.5, 5, 7, 10])
    return o

def main():
    rng = random.Random(20261122)
    cases = []
    for leaf, (family, build) in LEAVES.items():
        for _ in range(3):
            o = options(rng, family, leaf)
            mode = rng.choice(["lw", "lw", "ap", "a"])
            if mode == "lw":
                L, W = rng.choice([2.4, 3.65, 5.0, 7.25, 8.4, 12.3, 30.0]), rng.choice([1.8, 3.0, 4.8, 6.0, 9.15, 20.0])
                geo = {"length_m": L, "width_m": W}
                A, P, est = dec(L, 3) * dec(W, 3), 2 * (dec(L, 3) + dec(W, 3)), False
            elif mode == "ap":
                A0 = rng.choice([12.5, 50.4, 96, 150, 333.3, 1000])
                P0 = round(float(Decimal(16 * A0).sqrt()) * rng.choice([1.0, 1.1, 1.5]) + 0.5, 1)
                geo = {"area_m2": A0, "perimeter_m": P0}
                A, P, est = dec(A0, 3), dec(P0, 3), False
            else:
                A0 = rng.choice([7.3, 36, 100, 150, 240.5, 2500])
                geo = {"area_m2": A0}
                A = dec(A0, 3)
                P = F((4 * Decimal(str(A0)).sqrt()).quantize(Decimal("0.000001"), rounding="ROUND_HALF_UP"))
                est = True
            inputs = {**geo, **o}
            b = Bill(F(Decimal(str(o.get("variance_pct", 0)))))
            build(b, A, P, {k: (F(Decimal(str(v))) if k == "drop_m" else v) for k, v in inputs.items()})
            cases.append({
                "title": f"{leaf} {mode} #{len(cases)}", "leaf": leaf, "inputs": inputs,
                "expected": {"leaf": leaf, "area_m2": number(A), "perimeter_m": number(P),
                             "perimeter_estimated": est, "lines": b.lines}})
    print(json.dumps(cases, indent=1))

main()
