#!/usr/bin/env python3
"""plan's busiest day against the least one OR-Tools CP-SAT finds (issue 47).

For each seed: a random medium request of this file's own generator (18-22 tasks over
two to three weeks around a class calendar, narrow overlapping windows, spans, minimum
sittings, earliest/latest hours, dependencies), the real `plan schedule --json` on it,
its sittings checked against rules 2-7, and then a CP-SAT model written here: the same
tasks plan schedules, each required, sittings on the grid cells of rules 2-7, and the
busiest local day's total minimised. One JSON row per request on stdout's last line:

    {"rows": [{"seed", "planBusiest", "leastPossible", "cpsat", "cpsatBound", "optimal",
               "seconds", "violations", "witnessViolations"}, ...]}

`leastPossible` is the lower bound plan prints (its `--json` `load.leastPossible`, over
the coming fortnight). The Swift test (BusiestDayTests) reads the rows and asserts.

Grid cells, the request reader and the rule checker are Tools/exact-check's (the model
that maximises the number of tasks lives there; the one that minimises the busiest day
lives here).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(REPO, "Tools", "exact-check"))

from exact_check import (Clock, duration_text, first_and_last, forbid_within_break, grid_cells,  # noqa: E402
                         parse_duration, read_problem, rule_violations, task_sittings, write_simple_ics)


SHORT_SITTING = 45 * 60


def generate(seed: int) -> tuple[dict, list[tuple[int, int, str]]]:
    """A student's next weeks: a timetable, and 18-22 tasks whose windows are a few days
    each and overlap (a reading opens on Monday and is due Wednesday, a lab report opens
    Tuesday and is due Thursday…), some with hours, some after others."""
    rng = random.Random(seed * 7919 + 47)
    zone = rng.choice(["America/New_York", "America/Chicago", "America/Los_Angeles", "Europe/Berlin"])
    clock = Clock(zone)
    monday = date(2027, 1, 4) + timedelta(weeks=rng.randrange(0, 40))
    weeks = rng.choice([2, 3])
    now = clock.resolve(monday, 8 * 60)
    day_start = rng.choice([8, 8, 9]) * 60
    day_end = rng.choice([21, 22, 22]) * 60
    policy = {
        "dayStart": f"{day_start // 60:02d}:00", "dayEnd": f"{day_end // 60:02d}:00",
        "breakBetweenSittings": rng.choice(["PT15M", "PT15M", "PT30M"]),
        "granularity": rng.choice(["PT15M", "PT30M", "PT30M"]),
        "placement": "balanced",
    }
    if rng.random() < 0.3:
        policy["maxPerDay"] = rng.choice(["PT6H", "PT8H"])
    if rng.random() < 0.3:
        policy["workingDays"] = ["MO", "TU", "WE", "TH", "FR", "SA"]
    if rng.random() < 0.5:
        policy["finishEarly"] = rng.choice(["PT0M", "P1D"])

    events = []
    for c in range(rng.randint(4, 6)):
        days = rng.sample(range(5), rng.choice([2, 2, 3]))
        start = rng.choice([8 * 60, 9 * 60 + 30, 11 * 60, 12 * 60 + 30, 14 * 60, 15 * 60 + 30, 17 * 60])
        length = rng.choice([50, 75, 80])
        for w in range(weeks + 1):
            for d in days:
                day = monday + timedelta(weeks=w, days=d)
                events.append((clock.resolve(day, start), clock.resolve(day, start + length), f"Course {c}"))
    for w in range(weeks + 1):
        day = monday + timedelta(weeks=w, days=rng.randrange(5))
        events.append((clock.resolve(day, 13 * 60), clock.resolve(day, 16 * 60), "Lab"))
        if rng.random() < 0.6:
            shift = monday + timedelta(weeks=w, days=rng.randrange(7))
            events.append((clock.resolve(shift, 17 * 60), clock.resolve(shift, 21 * 60), "Shift"))

    tasks = []
    for i in range(rng.randint(18, 22)):
        span = rng.choice([60, 90, 90, 120, 120, 180])
        estimate = rng.choice([60, 90, 120, 120, 150, 180, 240, 300])
        due_day = monday + timedelta(days=rng.randint(2, weeks * 7 - 1))
        t = {"id": f"t{i}", "title": f"Task {i}", "estimate": duration_text(estimate * 60),
             "span": duration_text(span * 60),
             "minSitting": rng.choice(["PT30M", "PT30M", "PT45M", "PT60M"])}
        r = rng.random()
        if r < 0.5:
            t["due"] = due_day.isoformat()
        else:
            t["due"] = f"{due_day.isoformat()}T{rng.choice([9, 12, 17, 23]):02d}:00"
        # Narrow windows: most tasks open one to five days before they are due.
        if rng.random() < 0.75:
            opens = due_day - timedelta(days=rng.randint(1, 6))
            if opens > monday:
                t["start"] = opens.isoformat()
        if rng.random() < 0.2:
            t["earliest"] = rng.choice(["09:00", "10:00", "13:00", "16:00"])
        if rng.random() < 0.2:
            opening = int(t.get("earliest", "00:00")[:2])
            t["latest"] = rng.choice([h for h in ["12:00", "17:00", "18:00", "20:00"] if int(h[:2]) >= opening + 3])
        if i > 0 and rng.random() < 0.3:
            t["after"] = [f"t{rng.randrange(max(0, i - 5), i)}"]
        tasks.append(t)
    request = {"timeZone": zone, "now": clock.text(now), "policy": policy, "tasks": tasks}
    return request, events


def run_plan(plan: str, request_path: str, ics_path: str) -> dict:
    cmd = [plan, "schedule", "--tasks", request_path, "--calendar", ics_path, "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {out.returncode}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def least_busiest_day(p, required: set[str], time_limit: float, hint: dict[str, list[tuple[int, int]]]):
    """CP-SAT: every task of `required` scheduled under rules 2-7 (no other) and the shape
    rule 9 gives every sitting (a break from any other sitting; none under the 45-minute
    floor but one where the work cannot be cut so), the busiest local day's total minimised. Returns (found, bound, optimal) in seconds, or None."""
    from ortools.sat.python import cp_model

    cells = grid_cells(p)
    g = p.grid
    tasks = [t for t in p.tasks if t.id in required]
    m = cp_model.CpModel()
    origin = min((c.start for c in cells), default=p.now)
    horizon = max((c.end for c in cells), default=p.now) - origin
    day_of = {}
    for c in cells:
        day_of.setdefault(c.date, len(day_of))
    covering = [[] for _ in cells]
    per_day = [[] for _ in day_of]
    first, last, chosen = {}, {}, {}
    all_starts, all_ends = [[] for _ in cells], [[] for _ in cells]
    floor = -(-SHORT_SITTING // g) * g
    margin = finish_early(p)
    shaped = shape_kept(p, hint, margin)
    for t in tasks:
        remaining, span, minimum = p.grid_values(t)
        units, hi_k = remaining // g, span // g
        # Rule 9's margin: a task plan ends `finishEarly` before its due (it could, in the layout without a
        # level) ends so here too.
        due = t.due - margin if t.id in shaped.margined else t.due
        # Rule 9's floor: no sitting shorter than min(work, span, max(minSitting, 45 min on the grid)),
        # but for one (of at least minSitting) when the work cannot be cut so.
        shortest = min(remaining, span, max(minimum, floor)) // g
        cuttable = -(-units // hi_k) * shortest <= units
        mine, starts_at, ends_at = task_sittings(m, p, cells, t, due)
        for y, i, k in mine:
            for j in range(i, i + k):
                covering[j].append(y)
            all_starts[i].append(y)
            all_ends[i + k - 1].append(y)
            per_day[day_of[cells[i].date]].append((y, k))
        if not mine:
            return None
        chosen[t.id] = mine
        m.Add(sum(k * y for y, _, k in mine) == units)
        short = [y for y, _, k in mine if k < shortest]
        if short and t.id in shaped:
            m.Add(sum(short) <= (1 if not cuttable else 0))
        # Rule 9: at most one sitting of the task on a day unless each there is a full span — for work its
        # window's days can hold so (one full span a day); other work may share its days.
        if t.id in shaped:
            by_day: dict = {}
            for y, i, k in mine:
                by_day.setdefault(cells[i].date, ([], []))[0 if k < hi_k else 1].append(y)
            for part, full in by_day.values():
                if part:
                    m.Add(sum(part) <= 1)
                if part and full:
                    m.Add(sum(full) + len(full) * sum(part) <= len(full))
        forbid_within_break(m, cells, ends_at, starts_at, p.break_)
        first[t.id], last[t.id] = first_and_last(m, t.id, mine, cells, origin, horizon)
    for lits in covering:
        if len(lits) > 1:
            m.AddAtMostOne(lits)
    # Rule 9: sittings of different tasks a break apart too (where plan's own plan keeps it).
    if shaped.breaks:
        forbid_within_break(m, cells, all_ends, all_starts, p.break_)
    most = max((sum(k for _, k in terms) for terms in per_day), default=0)
    level = m.NewIntVar(0, most, "busiest")
    for terms in per_day:
        if terms:
            m.Add(sum(k * y for y, k in terms) <= level)
    if p.max_per_day is not None:
        m.Add(level <= p.max_per_day // g)
    for t in tasks:
        for pre in dict.fromkeys(t.after):
            if pre in first:
                m.Add(first[t.id] >= last[pre])
    m.Minimize(level)
    for t in tasks:
        hinted = set(hint.get(t.id, []))
        for y, i, k in chosen[t.id]:
            m.AddHint(y, 1 if (cells[i].start, cells[i + k - 1].end) in hinted else 0)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = 2
    solver.parameters.random_seed = 1
    status = solver.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    witness = {t.id: sorted((cells[i].start, cells[i + k - 1].end) for y, i, k in chosen[t.id] if solver.Value(y))
               for t in tasks}
    return (solver.Value(level) * g, int(round(solver.BestObjectiveBound())) * g,
            status == cp_model.OPTIMAL, witness)


class Shaped(set):
    breaks = True
    margined: set = frozenset()


def finish_early(p) -> int:
    """The request's `finishEarly` (a day when it does not say)."""
    return getattr(p, "finish_early", 86_400)


def shape_kept(p, sittings: dict[str, list[tuple[int, int]]], margin: int = 0) -> Shaped:
    """The tasks whose sittings in plan's plan have rule 9's shape — none under the 45-minute floor
    but one where the work cannot be cut so, and at most one on a day unless each there is a full
    span — and whether all sittings are a break apart. Rule 9 lets a task it cannot lay out so be
    placed early, or share its days; such a task is modelled under rules 2-7 alone (a looser model:
    a lower optimum for plan to be measured by). And the tasks plan ends `margin` before their due:
    rule 9 keeps the margin of a task that can keep it, so the model does too."""
    out = Shaped()
    g = p.grid
    floor = -(-SHORT_SITTING // g) * g
    every = []
    for t in p.tasks:
        mine = sorted(sittings.get(t.id, []))
        every += mine
        if not mine:
            continue
        remaining, span, minimum = p.grid_values(t)
        shortest = min(remaining, span, max(minimum, floor))
        units, hi_k, lo = remaining // g, span // g, shortest // g
        cuttable = -(-units // hi_k) * lo <= units
        short = sum(1 for s, e in mine if e - s < shortest)
        by_day: dict = {}
        for s, e in mine:
            by_day.setdefault(p.clock.date_of(s), []).append(e - s)
        one_a_day = all(len(v) == 1 or all(x == span for x in v) for v in by_day.values())
        if short <= (0 if cuttable else 1) and one_a_day:
            out.add(t.id)
    out.margined = {t.id for t in p.tasks if margin > 0 and sittings.get(t.id)
                    and max(e for _, e in sittings[t.id]) <= t.due - margin}
    every.sort()
    out.breaks = all(b[0] - a[1] >= p.break_ for a, b in zip(every, every[1:]))
    return out


def busiest(p, sittings: dict[str, list[tuple[int, int]]]) -> int:
    per_day: dict[date, int] = {}
    for mine in sittings.values():
        for s, e in mine:
            d = p.clock.date_of(s)
            per_day[d] = per_day.get(d, 0) + e - s
    return max(per_day.values(), default=0)


def check(seed: int, plan: str, folder: str, time_limit: float) -> dict:
    request, events = generate(seed)
    request_path = os.path.join(folder, f"request-{seed}.json")
    ics_path = os.path.join(folder, f"classes-{seed}.ics")
    with open(request_path, "w", encoding="utf-8") as f:
        json.dump(request, f, indent=1)
    write_simple_ics(ics_path, events)
    p = read_problem(request, [ics_path])
    p.finish_early = parse_duration(request["policy"].get("finishEarly", "P1D"))
    response = run_plan(plan, request_path, ics_path)
    sittings: dict[str, list[tuple[int, int]]] = {}
    for s in response["sittings"]:
        sittings.setdefault(s["taskId"], []).append(
            (int(datetime.fromisoformat(s["start"]).timestamp()), int(datetime.fromisoformat(s["end"]).timestamp())))
    scheduled = {t["id"] for t in response["tasks"] if t["status"] == "scheduled" and t["id"] in sittings}
    load = response.get("load") or {}
    least = parse_duration(load["leastPossible"]) if load.get("leastPossible") else None
    began = time.monotonic()
    solved = least_busiest_day(p, scheduled, time_limit, sittings)
    seconds = time.monotonic() - began
    row = {"seed": seed, "tasks": len(request["tasks"]), "scheduled": len(scheduled),
           "planBusiest": busiest(p, sittings), "leastPossible": least,
           "fortnightBusiest": parse_duration(load["busiest"]) if load.get("busiest") else None,
           "violations": rule_violations(p, sittings), "seconds": round(seconds, 2),
           "request": request_path}
    if solved is None:
        row.update(cpsat=None, cpsatBound=None, optimal=False, witnessViolations=[])
    else:
        found, bound, optimal, witness = solved
        row.update(cpsat=found, cpsatBound=bound, optimal=optimal,
                   witnessViolations=rule_violations(p, witness))
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plan", required=True, help="the plan binary")
    ap.add_argument("--seeds", default="1-8", help="seeds, as FIRST-LAST (default 1-8)")
    ap.add_argument("--time-limit", type=float, default=30.0, help="CP-SAT seconds per request (default 30)")
    ap.add_argument("--keep", metavar="DIR", help="write the requests and calendars to DIR")
    args = ap.parse_args()
    first, _, last = args.seeds.partition("-")
    folder = args.keep or tempfile.mkdtemp(prefix="busiest-day-")
    os.makedirs(folder, exist_ok=True)
    rows = []
    for seed in range(int(first), int(last or first) + 1):
        row = check(seed, args.plan, folder, args.time_limit)
        rows.append(row)
        least = row["leastPossible"]
        print(f"seed {seed:3d}  tasks {row['scheduled']:2d}/{row['tasks']:2d}  plan {row['planBusiest'] // 60:4d}m  "
              f"cp-sat {'-' if row['cpsat'] is None else row['cpsat'] // 60:>4}m"
              f"{' (proven)' if row['optimal'] else '         '}  bound {'-' if least is None else least // 60}m  "
              f"{row['seconds']:5.1f}s", file=sys.stderr, flush=True)
    print(json.dumps({"rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
