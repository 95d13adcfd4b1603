#!/usr/bin/env python3
"""How many tasks `plan schedule` fits, against the most an exact solver fits.

Generates seeded random requests in the format of `plan schedule --tasks`
(Schemas/schedule-request.schema.json) with a calendar of classes as an .ics
file, runs the real `plan schedule --json` on each, checks every sitting it
prints against rules 2-7 of the scheduling contract, and solves the same
request with an exact CP-SAT model over grid slots (rules 2-7, maximizing the
number of tasks scheduled together; rule 8's order is ignored on purpose).

    python3 exact_check.py [--plan .build/debug/plan] [--requests 20] [--seed 1]
    python3 exact_check.py --replay DIR     # the NNN.json/NNN.ics pairs in DIR

See README.md beside this file.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

UTC = timezone.utc

# --------------------------------------------------------------------------
# Time: instants are whole seconds since the epoch (int), as in plan.
# --------------------------------------------------------------------------


def parse_duration(text: str) -> int:
    """ISO 8601 duration P[nW][nD][T[nH][nM][nS]] in seconds (a day is 24 h)."""
    m = re.fullmatch(r"P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?", text)
    if not m:
        raise ValueError(f"bad duration {text!r}")
    w, d, h, mi, s = (int(x) if x else 0 for x in m.groups())
    return (((w * 7 + d) * 24 + h) * 60 + mi) * 60 + s


def duration_text(seconds: int) -> str:
    return f"PT{seconds // 60}M"


def hhmm_minutes(text: str) -> int:
    h, m = text.split(":")
    return int(h) * 60 + int(m)


class Clock:
    """The request's zone, with the contract's reading of local times: a
    time in a DST gap moves forward by the gap, an ambiguous one means its
    first occurrence (what fold=0 gives in Python's zoneinfo)."""

    def __init__(self, name: str):
        self.zone = ZoneInfo(name)

    def resolve(self, d: date, minutes: int = 0) -> int:
        day = d + timedelta(days=minutes // 1440)
        m = minutes % 1440
        local = datetime(day.year, day.month, day.day, m // 60, m % 60, tzinfo=self.zone, fold=0)
        return int(local.timestamp())

    def local(self, t: int) -> datetime:
        return datetime.fromtimestamp(t, tz=UTC).astimezone(self.zone)

    def second_of_day(self, t: int) -> int:
        x = self.local(t)
        return x.hour * 3600 + x.minute * 60 + x.second

    def date_of(self, t: int) -> date:
        return self.local(t).date()

    def instant(self, text: str, end_of_day: bool) -> int:
        """A dateOrDateTime field: with an offset as written, without one in
        the zone; a date alone is its local midnight, or the next one for due."""
        if re.fullmatch(r"\d{4}-\d\d-\d\d", text):
            d = date.fromisoformat(text)
            return self.resolve(d + timedelta(days=1) if end_of_day else d)
        dt = datetime.fromisoformat(text.replace("z", "Z").replace("t", "T"))
        if dt.tzinfo is not None:
            return int(dt.timestamp())
        return self.resolve(dt.date(), dt.hour * 60 + dt.minute) + dt.second

    def text(self, t: int) -> str:
        return self.local(t).isoformat()


WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

# --------------------------------------------------------------------------
# The request as the contract reads it
# --------------------------------------------------------------------------


@dataclass
class Task:
    id: str
    estimate: int
    due: int
    span: int = 7200
    min_sitting: int = 1800
    earliest: int | None = None  # minutes
    latest: int | None = None
    start: int | None = None
    priority: int = 3
    after: list[str] = field(default_factory=list)
    done: int = 0


@dataclass
class Problem:
    clock: Clock
    now: int
    day_start: int  # minutes
    day_end: int
    working_days: set[str]
    buffer: int
    break_: int
    grid: int
    max_per_day: int | None
    tasks: list[Task]
    busy: list[tuple[int, int]]

    def grid_values(self, t: Task) -> tuple[int, int, int]:
        """Remaining work rounded up to the grid, span down (at least one
        step, at most the remaining work), minimum up (at most the span)."""
        g = self.grid
        r = max(0, t.estimate - t.done)
        remaining = -(-r // g) * g
        span = min(max(g, t.span // g * g), max(remaining, g))
        minimum = min(max(g, -(-max(0, t.min_sitting) // g) * g), span)
        return remaining, span, minimum

    def window(self, d: date, t: Task | None) -> tuple[int, int]:
        ws, we = self.day_start, self.day_end
        if t is not None:
            ws = max(ws, t.earliest if t.earliest is not None else ws)
            we = min(we, t.latest if t.latest is not None else we)
        return self.clock.resolve(d, ws), self.clock.resolve(d, we)

    def on_grid(self, t: int) -> bool:
        return self.clock.second_of_day(t) % self.grid == 0

    def lower(self, t: Task) -> int:
        return max(self.now, t.start if t.start is not None else self.now)


def read_problem(request: dict, ics_paths: list[str]) -> Problem:
    clock = Clock(request["timeZone"])
    pol = request.get("policy", {})
    now = clock.instant(request["now"], False)
    tasks = []
    for spec in request["tasks"]:
        tasks.append(Task(
            id=spec["id"], estimate=parse_duration(spec["estimate"]),
            due=clock.instant(spec["due"], True),
            span=parse_duration(spec.get("span", "PT2H")),
            min_sitting=parse_duration(spec.get("minSitting", "PT30M")),
            earliest=hhmm_minutes(spec["earliest"]) if "earliest" in spec else None,
            latest=hhmm_minutes(spec["latest"]) if "latest" in spec else None,
            start=clock.instant(spec["start"], False) if "start" in spec else None,
            priority=spec.get("priority", 3), after=list(spec.get("after", [])),
            done=parse_duration(spec.get("done", "PT0M"))))
    buffer = parse_duration(pol.get("buffer", "PT0M"))
    busy = []
    for path in ics_paths:
        for s, e in read_simple_ics(path):
            if e + buffer > s - buffer:
                busy.append((s - buffer, e + buffer))
    return Problem(
        clock=clock, now=now,
        day_start=hhmm_minutes(pol.get("dayStart", "07:00")),
        day_end=hhmm_minutes(pol.get("dayEnd", "22:00")),
        working_days=set(pol.get("workingDays", WEEKDAYS)),
        buffer=buffer, break_=parse_duration(pol.get("breakBetweenSittings", "PT15M")),
        grid=parse_duration(pol.get("granularity", "PT5M")),
        max_per_day=parse_duration(pol["maxPerDay"]) if "maxPerDay" in pol else None,
        tasks=tasks, busy=sorted(busy))


def read_simple_ics(path: str) -> list[tuple[int, int]]:
    """The busy ranges of an .ics written by this tool (or by the Swift
    tests' export): plain VEVENTs with UTC DTSTART/DTEND, nothing else."""
    out, start = [], None
    with open(path, encoding="utf-8") as f:
        for line in f.read().splitlines():
            key, _, value = line.partition(":")
            if key in ("DTSTART", "DTEND"):
                if not value.endswith("Z"):
                    raise ValueError(f"{path}: only UTC times are read: {line}")
                t = int(datetime.strptime(value, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC).timestamp())
                if key == "DTSTART":
                    start = t
                else:
                    out.append((start, t))
    return out


def write_simple_ics(path: str, events: list[tuple[int, int, str]]) -> None:
    def stamp(t: int) -> str:
        return datetime.fromtimestamp(t, tz=UTC).strftime("%Y%m%dT%H%M%SZ")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//plan//exact-check//EN"]
    for k, (s, e, summary) in enumerate(events):
        lines += ["BEGIN:VEVENT", f"UID:busy-{k}@exact-check", "DTSTAMP:20260101T000000Z",
                  f"DTSTART:{stamp(s)}", f"DTEND:{stamp(e)}", f"SUMMARY:{summary}", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write("\r\n".join(lines) + "\r\n")

# --------------------------------------------------------------------------
# Grid cells: [t, t + g) for every grid instant of the local clock that lies
# in the policy's window of its date on a working day and touches no busy time.
# --------------------------------------------------------------------------


@dataclass
class Cell:
    start: int
    end: int
    date: date


def grid_cells(p: Problem) -> list[Cell]:
    live = [t for t in p.tasks if p.grid_values(t)[0] > 0]
    if not live:
        return []
    lo = min(p.lower(t) for t in live)
    hi = max(t.due for t in live)
    g = p.grid
    t = -(-lo // 60) * 60
    while not p.on_grid(t):
        t += 60
    cells, windows = [], {}
    while t + g <= hi:
        if not p.on_grid(t + g):
            raise ValueError("the local grid is not evenly spaced here (a clock change that is not whole steps)")
        d = p.clock.date_of(t)
        if d not in windows:
            windows[d] = p.window(d, None)
        ws, we = windows[d]
        overlaps = any(s < t + g and t < e for s, e in p.busy)
        if (p.clock.date_of(t + g - 1) == d and WEEKDAYS[d.weekday()] in p.working_days
                and ws <= t and t + g <= we and not overlaps):
            cells.append(Cell(t, t + g, d))
        t += g
    return cells

# --------------------------------------------------------------------------
# Rules 2-7, checked on a set of sittings per task
# --------------------------------------------------------------------------


def rule_violations(p: Problem, sittings: dict[str, list[tuple[int, int]]]) -> list[str]:
    v = []
    by_id = {t.id: t for t in p.tasks}
    per_day: dict[date, int] = {}
    everything = []
    for tid, mine in sittings.items():
        t = by_id.get(tid)
        if t is None:
            v.append(f"sittings for unknown task {tid}")
            continue
        remaining, span, minimum = p.grid_values(t)
        mine = sorted(mine)
        for s, e in mine:
            d = p.clock.date_of(s)
            where = f"{tid} {p.clock.text(s)}–{p.clock.text(e)}"
            if not (p.on_grid(s) and p.on_grid(e)):
                v.append(f"{where}: off the grid")
            if p.clock.date_of(e - 1) != d:
                v.append(f"{where}: crosses midnight")
            if WEEKDAYS[d.weekday()] not in p.working_days:
                v.append(f"{where}: on a day off")
            ws, we = p.window(d, t)
            if s < ws or e > we:
                v.append(f"{where}: outside the window")
            if s < p.lower(t):
                v.append(f"{where}: before now/start")
            if e > t.due:
                v.append(f"{where}: after due")
            for bs, be in p.busy:
                if bs < e and s < be:
                    v.append(f"{where}: overlaps busy {p.clock.text(bs)}–{p.clock.text(be)}")
            if not minimum <= e - s <= span:
                v.append(f"{where}: length {(e - s) // 60}m outside {minimum // 60}…{span // 60}m")
            per_day[d] = per_day.get(d, 0) + e - s
            everything.append((s, e, tid))
        total = sum(e - s for s, e in mine)
        if mine and total != remaining:
            v.append(f"{tid}: total {total // 60}m ≠ remaining {remaining // 60}m")
        for (s1, e1), (s2, e2) in zip(mine, mine[1:]):
            if s2 - e1 < p.break_:
                v.append(f"{tid}: sittings closer than the break")
        for pre in t.after:
            if pre not in by_id or p.grid_values(by_id[pre])[0] == 0:
                continue
            theirs = sittings.get(pre, [])
            if mine and not theirs:
                v.append(f"{tid}: scheduled although {pre} is not")
            elif mine and theirs and mine[0][0] < max(e for _, e in theirs):
                v.append(f"{tid}: starts before {pre} ends")
    everything.sort()
    for (s1, e1, a), (s2, e2, b) in zip(everything, everything[1:]):
        if s2 < e1:
            v.append(f"{a} and {b} overlap at {p.clock.text(s2)}")
    if p.max_per_day is not None:
        for d, total in per_day.items():
            if total > p.max_per_day:
                v.append(f"{d}: {total // 60}m > maxPerDay")
    return v

# --------------------------------------------------------------------------
# The exact model
# --------------------------------------------------------------------------


@dataclass
class Exact:
    scheduled: int
    bound: int
    optimal: bool
    sittings: dict[str, list[tuple[int, int]]]
    seconds: float
    variables: int


def solve_exact(p: Problem, time_limit: float, hint: dict[str, list[tuple[int, int]]] | None = None,
                workers: int = 2, required: set[str] = frozenset()) -> Exact:
    """The most tasks scheduled together (those in `required` among them)."""
    from ortools.sat.python import cp_model

    began = time.monotonic()
    cells = grid_cells(p)
    g = p.grid
    live = [t for t in p.tasks if p.grid_values(t)[0] > 0]
    live_ids = {t.id for t in live}
    m = cp_model.CpModel()
    origin = min((c.start for c in cells), default=p.now)
    horizon = max((c.end for c in cells), default=p.now) - origin
    day_of = {}
    for c in cells:
        day_of.setdefault(c.date, len(day_of))

    covering = [[] for _ in cells]          # sitting literals covering each cell
    per_day = [[] for _ in day_of]          # (literal, steps) per day
    z, first, last, sitting_vars = {}, {}, {}, {}
    count = 0
    for t in live:
        units = p.grid_values(t)[0] // g
        mine, starts_at, ends_at = task_sittings(m, p, cells, t, t.due)
        count += len(mine)
        for y, i, k in mine:
            for j in range(i, i + k):
                covering[j].append(y)
            per_day[day_of[cells[i].date]].append((y, k))
        zt = m.NewBoolVar(f"z_{t.id}")
        z[t.id] = zt
        sitting_vars[t.id] = mine
        m.Add(sum(k * y for y, _, k in mine) == units * zt)
        # Rule 3's break: no sitting of the task starts in [end, end + break).
        forbid_within_break(m, cells, ends_at, starts_at, p.break_)
        first[t.id], last[t.id] = first_and_last(m, t.id, mine, cells, origin, horizon)
    for lits in covering:
        if len(lits) > 1:
            m.AddAtMostOne(lits)
    if p.max_per_day is not None:
        cap = p.max_per_day // g
        for terms in per_day:
            if sum(k for _, k in terms) > cap:
                m.Add(sum(k * y for y, k in terms) <= cap)
    for t in live:
        for pre in dict.fromkeys(t.after):
            if pre in live_ids:
                m.AddImplication(z[t.id], z[pre])
                m.Add(first[t.id] >= last[pre]).OnlyEnforceIf(z[t.id])
    for tid in required:
        m.Add(z[tid] == 1)
    m.Maximize(sum(z.values()))

    if hint:
        for t in live:
            chosen = {(s, e) for s, e in hint.get(t.id, [])}
            m.AddHint(z[t.id], 1 if chosen else 0)
            for y, i, k in sitting_vars[t.id]:
                m.AddHint(y, 1 if (cells[i].start, cells[i + k - 1].end) in chosen else 0)

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    status = solver.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise RuntimeError(f"CP-SAT found no solution ({solver.StatusName(status)})")
    out = {}
    for t in live:
        if solver.Value(z[t.id]):
            out[t.id] = sorted((cells[i].start, cells[i + k - 1].end)
                               for y, i, k in sitting_vars[t.id] if solver.Value(y))
    return Exact(scheduled=len(out), bound=int(round(solver.BestObjectiveBound())),
                 optimal=status == cp_model.OPTIMAL, sittings=out,
                 seconds=time.monotonic() - began, variables=count)

def task_sittings(m, p: Problem, cells: list[Cell], t: Task, due: int):
    """A boolean `y[c, k]` for each sitting task `t` may have: starting at cell `c`, `k` cells back to
    back on one date inside its own window, between its lower bound and `due`, `k` in
    minSitting … span (on the grid). Returns the `(y, c, k)` list and, per cell, the literals of the
    sittings starting and ending there."""
    remaining, span, minimum = p.grid_values(t)
    units, lo_k, hi_k = remaining // p.grid, minimum // p.grid, span // p.grid
    lower = p.lower(t)
    windows = {}
    allowed = []
    for c in cells:
        if c.date not in windows:
            windows[c.date] = p.window(c.date, t)
        ws, we = windows[c.date]
        allowed.append(c.start >= lower and c.end <= due and ws <= c.start and c.end <= we)
    # run[i]: allowed cells back to back on one date from i on.
    run = [0] * (len(cells) + 1)
    for i in range(len(cells) - 1, -1, -1):
        if allowed[i]:
            joined = (i + 1 < len(cells) and allowed[i + 1] and cells[i + 1].start == cells[i].end
                      and cells[i + 1].date == cells[i].date)
            run[i] = run[i + 1] + 1 if joined else 1
    mine, starts_at, ends_at = [], [[] for _ in cells], [[] for _ in cells]
    for i in range(len(cells)):
        for k in range(lo_k, min(hi_k, run[i], units) + 1):
            y = m.NewBoolVar(f"y_{t.id}_{i}_{k}")
            mine.append((y, i, k))
            starts_at[i].append(y)
            ends_at[i + k - 1].append(y)
    return mine, starts_at, ends_at


def forbid_within_break(m, cells: list[Cell], ends_at: list[list], starts_at: list[list], break_: int) -> None:
    """No sitting of `starts_at` starts within `break_` after one of `ends_at` ends."""
    if break_ <= 0:
        return
    for i in range(len(cells)):
        if not ends_at[i]:
            continue
        e = cells[i].end
        for j in range(i + 1, len(cells)):
            if cells[j].start >= e + break_:
                break
            if cells[j].start >= e and starts_at[j]:
                m.Add(sum(ends_at[i]) + sum(starts_at[j]) <= 1)


def first_and_last(m, tid: str, mine: list, cells: list[Cell], origin: int, horizon: int):
    """Integer variables at or before the task's first start and at or after its last end (for `after`)."""
    first = m.NewIntVar(0, horizon, f"first_{tid}")
    last = m.NewIntVar(0, horizon, f"last_{tid}")
    for y, i, k in mine:
        m.Add(first <= cells[i].start - origin).OnlyEnforceIf(y)
        m.Add(last >= cells[i + k - 1].end - origin).OnlyEnforceIf(y)
    return first, last

# --------------------------------------------------------------------------
# Random requests like a student's: classes, ~20 tasks, dependencies
# --------------------------------------------------------------------------


def generate(seed: int, task_count: int) -> tuple[dict, list[tuple[int, int, str]]]:
    rng = random.Random(seed)
    zone = rng.choice(["America/New_York", "America/Chicago", "Europe/Berlin", "Europe/London"])
    clock = Clock(zone)
    monday = date(2027, 1, 4) + timedelta(weeks=rng.randrange(0, 40))
    weeks = 2
    now = clock.resolve(monday, 8 * 60 + rng.choice([0, 0, 30]))
    day_start = rng.choice([8, 8, 9]) * 60
    day_end = rng.choice([20, 21, 22]) * 60
    policy = {
        "dayStart": f"{day_start // 60:02d}:00", "dayEnd": f"{day_end // 60:02d}:00",
        "breakBetweenSittings": rng.choice(["PT15M", "PT15M", "PT30M"]),
        "granularity": "PT30M",
        "maxPerDay": rng.choice(["PT3H", "PT4H", "PT4H", "PT5H", "PT6H"]),
        "buffer": rng.choice(["PT0M", "PT0M", "PT10M"]),
    }
    if rng.random() < 0.4:
        policy["workingDays"] = ["MO", "TU", "WE", "TH", "FR", "SA"]

    # A timetable: courses meeting two or three times a week, and a lab.
    events = []
    courses = rng.randint(4, 6)
    for c in range(courses):
        days = rng.sample(range(5), rng.choice([2, 2, 3]))
        start = rng.choice([8 * 60, 9 * 60 + 30, 11 * 60, 12 * 60 + 30, 14 * 60, 15 * 60 + 30, 17 * 60])
        length = rng.choice([50, 75, 80])
        for w in range(weeks + 1):
            for d in days:
                day = monday + timedelta(weeks=w, days=d)
                events.append((clock.resolve(day, start), clock.resolve(day, start + length), f"Course {c}"))
    for w in range(weeks + 1):
        day = monday + timedelta(weeks=w, days=rng.randrange(5))
        start = rng.choice([13 * 60, 14 * 60])
        events.append((clock.resolve(day, start), clock.resolve(day, start + 180), "Lab"))
    # A job and a few one-off events.
    shift_day = rng.randrange(7)
    for w in range(weeks + 1):
        day = monday + timedelta(weeks=w, days=shift_day)
        events.append((clock.resolve(day, 17 * 60), clock.resolve(day, 21 * 60), "Shift"))
    for _ in range(rng.randint(2, 6)):
        day = monday + timedelta(days=rng.randrange(weeks * 7))
        start = rng.randrange(day_start, day_end - 60, 10)
        events.append((clock.resolve(day, start), clock.resolve(day, start + rng.choice([60, 90, 120])), "Event"))

    # Tasks in projects; readings before essays, problem sets in sequence.
    tasks = []
    for i in range(task_count):
        span = rng.choice([60, 90, 90, 120, 120, 180])
        estimate = rng.choice([60, 90, 120, 120, 150, 180, 240, 300, 420])
        if rng.random() < 0.15:
            estimate -= rng.choice([10, 20])
        due_day = monday + timedelta(days=rng.randint(2, weeks * 7 - 1))
        t = {"id": f"t{i}", "title": f"Task {i}", "estimate": duration_text(estimate * 60),
             "span": duration_text(span * 60), "minSitting": rng.choice(["PT30M", "PT30M", "PT60M"]),
             "priority": rng.randint(1, 4)}
        r = rng.random()
        if r < 0.4:
            t["due"] = due_day.isoformat()
        elif r < 0.8:
            t["due"] = f"{due_day.isoformat()}T{rng.choice([9, 12, 17, 23]):02d}:00"
        else:
            t["due"] = f"{due_day.isoformat()}T{rng.choice([10, 14, 18]):02d}:30"
        if rng.random() < 0.15:
            t["earliest"] = rng.choice(["09:00", "10:00", "13:00"])
        if rng.random() < 0.15:
            t["latest"] = rng.choice(["17:00", "18:00", "20:00"])
        if rng.random() < 0.15:
            start_day = monday + timedelta(days=rng.randint(1, max(1, (due_day - monday).days)))
            if start_day < due_day:
                t["start"] = start_day.isoformat()
        if i > 0 and rng.random() < 0.35:
            pre = rng.randrange(max(0, i - 6), i)
            t["after"] = [f"t{pre}"]
            if rng.random() < 0.2 and pre > 0:
                t["after"].append(f"t{rng.randrange(0, pre)}")
        if rng.random() < 0.1:
            t["done"] = duration_text(rng.choice([30, 60]) * 60)
        tasks.append(t)
    request = {"timeZone": zone, "now": clock.text(now), "policy": policy, "tasks": tasks}
    return request, events

# --------------------------------------------------------------------------
# Running plan
# --------------------------------------------------------------------------


def run_plan(plan: str, request_path: str, ics_paths: list[str]) -> tuple[dict[str, list], dict]:
    cmd = [plan, "schedule", "--tasks", request_path, "--json"]
    for path in ics_paths:
        cmd += ["--calendar", path]
    began = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    elapsed = time.monotonic() - began
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {out.returncode}: {out.stderr.strip()}")
    response = json.loads(out.stdout)
    sittings: dict[str, list] = {}
    for s in response["sittings"]:
        sittings.setdefault(s["taskId"], []).append(
            (int(datetime.fromisoformat(s["start"]).timestamp()), int(datetime.fromisoformat(s["end"]).timestamp())))
    status = {t["id"]: t["status"] for t in response["tasks"]}
    return sittings, {"status": status, "seconds": elapsed}


def check_one(label: str, *args) -> dict:
    """``check_request``, with a request plan refuses or CP-SAT cannot
    solve reported as an error row instead of ending the run."""
    try:
        return check_request(label, *args)
    except (RuntimeError, ValueError, OSError) as e:
        print(f"{label:>14}  ERROR: {e}")
        return {"label": label, "error": str(e), "tasks": 0, "live": 0, "plan": 0, "exact": 0, "keep": 0, "bound": 0,
                "optimal": True, "planViolations": [], "witnessViolations": [], "missed": []}


def check_request(label: str, plan: str, request_path: str, ics_paths: list[str], time_limit: float,
              expected: dict | None, verbose: bool) -> dict:
    with open(request_path, encoding="utf-8") as f:
        request = json.load(f)
    p = read_problem(request, ics_paths)
    planned_sittings, info = run_plan(plan, request_path, ics_paths)
    scheduled_ids = {tid for tid, st in info["status"].items() if st == "scheduled"}
    plan_sittings = {tid: s for tid, s in planned_sittings.items()}
    violations = rule_violations(p, plan_sittings)
    for tid in scheduled_ids:
        if tid not in plan_sittings:
            violations.append(f"{tid}: scheduled with no sittings")
    for tid in plan_sittings:
        if tid not in scheduled_ids:
            violations.append(f"{tid}: sittings but status {info['status'].get(tid)}")
    exact = solve_exact(p, time_limit, hint={t: plan_sittings[t] for t in scheduled_ids if t in plan_sittings})
    witness_violations = rule_violations(p, exact.sittings)
    # The most a repair that keeps every task plan scheduled could reach.
    keep = exact if scheduled_ids <= set(exact.sittings) else solve_exact(
        p, time_limit, hint={t: plan_sittings[t] for t in scheduled_ids}, required=scheduled_ids)
    witness_violations += rule_violations(p, keep.sittings)
    live = sum(1 for t in p.tasks if p.grid_values(t)[0] > 0)
    row = {"label": label, "tasks": len(p.tasks), "live": live, "plan": len(scheduled_ids),
           "exact": exact.scheduled, "bound": exact.bound, "optimal": exact.optimal and keep.optimal,
           "keep": keep.scheduled,
           "planViolations": violations, "witnessViolations": witness_violations,
           "exactSeconds": round(exact.seconds, 2), "planSeconds": round(info["seconds"], 3),
           "variables": exact.variables,
           "missed": sorted(set(exact.sittings) - scheduled_ids, key=lambda x: (len(x), x))}
    if expected is not None:
        row["expected"] = expected
    flag = "" if exact.optimal else f"  (not proven: bound {exact.bound})"
    ratio = len(scheduled_ids) / exact.scheduled if exact.scheduled else 1.0
    extra = ""
    if expected is not None and expected.get("exact") is not None and expected["exact"] != exact.scheduled:
        extra = f"  MISMATCH: the Swift exact solver says {expected['exact']}"
    print(f"{label:>14}  tasks {live:2d}  plan {len(scheduled_ids):2d}  exact {exact.scheduled:2d}  "
          f"keeping plan's {keep.scheduled:2d}  ratio {ratio:.3f}  cp-sat {exact.seconds:6.2f}s{flag}{extra}"
          + (f"  plan misses {', '.join(row['missed'])}" if row["missed"] and verbose else ""))
    for v in violations:
        print(f"{'':>14}  plan violates: {v}")
    for v in witness_violations:
        print(f"{'':>14}  EXACT WITNESS violates: {v}")
    return row


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plan", default=os.path.join(repo, ".build", "debug", "plan"), help="the plan binary")
    ap.add_argument("--requests", type=int, default=20, help="how many random requests (default 20)")
    ap.add_argument("--seed", type=int, default=1, help="the first seed (default 1)")
    ap.add_argument("--tasks", type=int, default=20, help="tasks per request (default 20)")
    ap.add_argument("--time-limit", type=float, default=60.0, help="CP-SAT seconds per request (default 60)")
    ap.add_argument("--keep", metavar="DIR", help="write the requests and calendars to DIR")
    ap.add_argument("--replay", metavar="DIR", help="check the NNN.json/NNN.ics pairs in DIR instead")
    ap.add_argument("--json", metavar="FILE", help="write the per-request rows to FILE")
    ap.add_argument("-v", "--verbose", action="store_true", help="name the tasks plan misses")
    args = ap.parse_args()
    if not os.access(args.plan, os.X_OK):
        print(f"exact_check: {args.plan}: no plan binary there (build it, or pass --plan)", file=sys.stderr)
        return 64

    rows = []
    if args.replay:
        expected_path = os.path.join(args.replay, "expected.json")
        expected = {}
        if os.path.exists(expected_path):
            with open(expected_path, encoding="utf-8") as f:
                expected = json.load(f)
        names = sorted((n[:-5] for n in os.listdir(args.replay) if n.endswith(".json") and n != "expected.json"),
                       key=lambda n: (len(n), n))
        for name in names:
            ics = os.path.join(args.replay, name + ".ics")
            rows.append(check_one(name, args.plan, os.path.join(args.replay, name + ".json"),
                                  [ics] if os.path.exists(ics) else [], args.time_limit,
                                  expected.get(name), args.verbose))
    else:
        folder = args.keep or tempfile.mkdtemp(prefix="exact-check-")
        os.makedirs(folder, exist_ok=True)
        for seed in range(args.seed, args.seed + args.requests):
            request, events = generate(seed, args.tasks)
            request_path = os.path.join(folder, f"request-{seed}.json")
            ics_path = os.path.join(folder, f"classes-{seed}.ics")
            with open(request_path, "w", encoding="utf-8") as f:
                json.dump(request, f, indent=1)
            write_simple_ics(ics_path, events)
            rows.append(check_one(f"seed {seed}", args.plan, request_path, [ics_path], args.time_limit,
                                  None, args.verbose))

    planned = sum(r["plan"] for r in rows)
    exact = sum(r["exact"] for r in rows)
    live = sum(r["live"] for r in rows)
    unproven = [r["label"] for r in rows if not r["optimal"]]
    bad = [r["label"] for r in rows if r["planViolations"]]
    errors = [r["label"] for r in rows if "error" in r]
    broken = [r["label"] for r in rows if r["witnessViolations"]]
    mismatched = [r["label"] for r in rows if "expected" in r and r["expected"].get("exact") not in (None, r["exact"])]
    keep = sum(r["keep"] for r in rows)
    print(f"total: plan schedules {planned} of the {exact} tasks the exact solver fits together "
          f"({planned / exact if exact else 1:.4f}); {live} tasks in {len(rows)} requests")
    print(f"keeping every task plan schedules, at most {keep} fit ({planned / keep if keep else 1:.4f} of that); "
          f"the rest of the gap needs dropping one of plan's tasks for several others")
    print(f"plan output violating a rule: {len(bad)} request(s){': ' + ', '.join(bad) if bad else ''}")
    if unproven:
        print(f"not proven optimal within the time limit: {', '.join(unproven)} (their exact count is a lower bound)")
    if errors:
        print(f"requests that could not be checked: {', '.join(errors)}")
    if broken:
        print(f"EXACT WITNESS VIOLATES A RULE (a bug in this tool): {', '.join(broken)}")
    if args.replay and any("expected" in r for r in rows):
        print(f"Swift exact solver disagrees on: {', '.join(mismatched) if mismatched else 'none'}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    return 1 if bad or broken or mismatched or errors else 0


if __name__ == "__main__":
    sys.exit(main())
