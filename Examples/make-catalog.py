#!/usr/bin/env python3
"""Writes Examples/catalog-fall-2027.json: an invented Fall 2027 catalog shaped like a
large public university's (Schemas/catalog.schema.json).

    python3 Examples/make-catalog.py > Examples/catalog-fall-2027.json

Seeded, so the same script gives the same bytes; the output is in the canonical form
`CatalogJSON.write` gives (members in the schema's order, a meeting per line), so reading
the file and writing it back changes nothing. Every name, room and figure is made up.

What it holds: lecture courses with many MWF 50-minute or TR 75-minute sections; big
courses whose sections pair one lecture with a discussion (section 0101 = lecture MW +
discussion F); labs that start in week 3; half-term (first/second eight weeks) sections;
online sections with no meetings; GPA and rating for most sections, not all; seat counts
with some sections full and waitlisted.
"""
import json
import random

rng = random.Random(20270830)

TERM = {
    "name": "Fall 2027",
    "timeZone": "America/New_York",
    "start": "2027-08-30",
    "end": "2027-12-10",
    "holidays": ["2027-09-06", {"from": "2027-11-24", "to": "2027-11-28"}],
}
WEEK3 = "2027-09-13"
FIRST_HALF = ("2027-08-30", "2027-10-15")
SECOND_HALF = ("2027-10-18", "2027-12-10")

FIRST = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John", "Katherine", "Leslie",
         "Margaret", "Niklaus", "Radia", "Shafi", "Tim", "Yukihiro", "Amara", "Bao", "Chiara", "Dmitri",
         "Elena", "Farid", "Gita", "Hugo", "Ines", "Jamal", "Kenji", "Lucia", "Mateo", "Nadia", "Omar",
         "Priya", "Quinn", "Rosa", "Sven", "Talia", "Umar", "Vera", "Wei", "Ximena", "Yara", "Zoltan"]
LAST = ["Byron", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Backus", "Johnson", "Lamport",
        "Hamilton", "Wirth", "Perlman", "Goldwasser", "Berners", "Matsumoto", "Okafor", "Nguyen", "Rossi",
        "Volkov", "Marquez", "Haddad", "Raman", "Lindqvist", "Duarte", "Abara", "Tanaka", "Ferreira",
        "Castillo", "Petrova", "Saleh", "Iyer", "Brennan", "Moreno", "Ekdahl", "Cohen", "Qureshi", "Novak",
        "Zhang", "Ortega", "Mansour", "Kovacs"]
BUILDINGS = {"CMSC": ["IRB", "CSI"], "MATH": ["MTH", "KEY"], "STAT": ["MTH"], "PHYS": ["PHY"], "CHEM": ["CHM"],
             "BIOL": ["BPS"], "ENGL": ["TWS", "JMZ"], "HIST": ["KEY", "TYD"], "ECON": ["TYD"], "PSYC": ["BPS", "ESJ"],
             "PHIL": ["SKN"], "ARTH": ["ASY"], "SPAN": ["JMZ"], "UNIV": ["ESJ"], "ENES": ["EGR"]}

MWF = [480, 540, 600, 660, 720, 780, 840, 900, 960]          # 50-minute slots
TR = [480, 570, 660, 750, 840, 930, 1020]                     # 75-minute slots
MW = [480, 570, 660, 750, 840, 930, 1080]                     # 75-minute slots (1080: evening)

used_names = set()


def person():
    while True:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if name not in used_names or len(used_names) > 1500:
            used_names.add(name)
            return name


def hhmm(m):
    return f"{m // 60:02d}:{m % 60:02d}"


def room(dept):
    return f"{rng.choice(BUILDINGS[dept])} {rng.choice([0, 1, 2, 3])}{rng.randint(100, 320):03d}"


def meeting(days, start, minutes, dept, kind, span=None):
    m = {"days": days, "start": hhmm(start), "end": hhmm(start + minutes), "room": room(dept), "kind": kind}
    if span:
        m["from"], m["to"] = span
    return m


def figures(size, known=0.85):
    """gpa and rating (sometimes missing), and seats (some sections full)."""
    out = {}
    if rng.random() < known:
        out["gpa"] = round(rng.uniform(2.2, 3.85), 2)
    if rng.random() < known:
        out["rating"] = round(rng.uniform(2.0, 4.9), 1)
    full = rng.random() < 0.2
    open_seats = 0 if full else rng.randint(1, max(1, size // 3))
    out["seats"] = {"open": open_seats, "total": size, "waitlist": rng.randint(1, 15) if full else 0}
    return out


def section(sid, instructors, meetings, size, shared=None):
    s = {"id": sid, "instructors": instructors}
    f = figures(size)
    if shared is not None:  # sections of one lecture share its instructor's figures
        f.update({k: v for k, v in shared.items() if k in ("gpa", "rating")})
        for k in ("gpa", "rating"):
            if k not in shared:
                f.pop(k, None)
    s.update({k: f[k] for k in ("gpa", "rating", "seats") if k in f})
    s["meetings"] = meetings
    return s


def simple(dept, n, count, pattern, size=(30, 45), online=0):
    """A lecture course: `count` sections MWF (50 min) or TR/MW (75 min)."""
    sections = []
    for i in range(count):
        if pattern == "MWF":
            days, start, minutes = ["MO", "WE", "FR"], rng.choice(MWF), 50
        elif pattern == "TR":
            days, start, minutes = ["TU", "TH"], rng.choice(TR), 75
        else:
            days, start, minutes = ["MO", "WE"], rng.choice(MW), 75
        sections.append(section(f"{(i // 4 + 1):02d}{(i % 4 + 1):02d}", [person()],
                                [meeting(days, start, minutes, dept, "lecture")], rng.randint(*size)))
    for j in range(online):
        sections.append(section(f"ON{j + 1:02d}", [person()], [], rng.randint(25, 60)))
    return sections


def with_discussions(dept, lectures, per_lecture, lecture_days="MW", size=(24, 32)):
    """Section 0101 = lecture (MW or TR) + discussion on another day; sections of one lecture share it."""
    sections = []
    for lec in range(lectures):
        if lecture_days == "MW":
            days, start, minutes = ["MO", "WE"], rng.choice([540, 600, 660, 780, 840]), 50
            disc_days = [["FR"], ["TU"], ["TH"]]
        else:
            days, start, minutes = ["TU", "TH"], rng.choice([570, 660, 750, 840]), 75
            disc_days = [["MO"], ["WE"], ["FR"]]
        lecturer = person()
        lecture = meeting(days, start, minutes, dept, "lecture")
        shared = figures(200)
        for d in range(per_lecture):
            disc_start = rng.choice([480, 540, 600, 660, 720, 780, 840, 900])
            while disc_start < start + minutes and disc_start + 50 > start and days[0] in disc_days[d % 3]:
                disc_start += 60
            disc = meeting(disc_days[d % 3], disc_start, 50, dept, "discussion")
            sections.append(section(f"0{lec + 1}{d + 1:02d}", [lecturer], [dict(lecture), disc], rng.randint(*size), shared))
    return sections


def with_labs(dept, lectures, labs_per, lab_from=WEEK3):
    """A lecture plus a three-hour lab that starts in week 3."""
    sections = []
    for lec in range(lectures):
        days, start = (["MO", "WE", "FR"], rng.choice(MWF[1:6]))
        lecturer = person()
        shared = figures(120)
        for k in range(labs_per):
            lab_day = [rng.choice(["TU", "TH"])]
            lab_start = rng.choice([480, 780, 840])
            lab = meeting(lab_day, lab_start, 170, dept, "lab", (lab_from, TERM["end"]))
            sections.append(section(f"{lec + 1}{k + 1:02d}", [lecturer, person()],
                                    [meeting(days, start, 50, dept, "lecture"), lab], rng.randint(18, 24), shared))
    return sections


def half_term(dept, count):
    """One-credit courses that run for eight weeks, twice a week."""
    sections = []
    for i in range(count):
        span = FIRST_HALF if i % 2 == 0 else SECOND_HALF
        days = ["TU", "TH"] if i % 3 else ["MO", "WE"]
        sections.append(section(f"0{i + 1}01", [person()],
                                [meeting(days, rng.choice([720, 960, 1020]), 75, dept, "seminar", span)], rng.randint(15, 25)))
    return sections


COURSES = [
    ("CMSC131", "Object-Oriented Programming I", 4, lambda: with_discussions("CMSC", 4, 4)),
    ("CMSC132", "Object-Oriented Programming II", 4, lambda: with_discussions("CMSC", 2, 4)),
    ("CMSC216", "Introduction to Computer Systems", 4, lambda: with_discussions("CMSC", 2, 3, "TR")),
    ("CMSC250", "Discrete Structures", 4, lambda: with_discussions("CMSC", 2, 4)),
    ("CMSC330", "Organization of Programming Languages", 3, lambda: simple("CMSC", 0, 4, "TR", (60, 120))),
    ("CMSC351", "Algorithms", 3, lambda: simple("CMSC", 0, 4, "MW", (60, 120))),
    ("CMSC389", "Special Topics: Version Control in Practice", 1, lambda: half_term("CMSC", 4)),
    ("CMSC420", "Advanced Data Structures", 3, lambda: simple("CMSC", 0, 3, "TR", (40, 80))),
    ("CMSC436", "Programming Handheld Systems", 3, lambda: simple("CMSC", 0, 3, "MW", (35, 45))),
    ("MATH140", "Calculus I", 4, lambda: with_discussions("MATH", 5, 4)),
    ("MATH141", "Calculus II", 4, lambda: with_discussions("MATH", 4, 4)),
    ("MATH240", "Introduction to Linear Algebra", 4, lambda: simple("MATH", 0, 10, "MWF")),
    ("MATH241", "Calculus III", 4, lambda: simple("MATH", 0, 6, "MWF")),
    ("MATH246", "Differential Equations for Scientists and Engineers", 3, lambda: simple("MATH", 0, 6, "TR")),
    ("MATH410", "Advanced Calculus I", 3, lambda: simple("MATH", 0, 2, "MWF", (25, 35))),
    ("STAT400", "Applied Probability and Statistics I", 3, lambda: simple("STAT", 0, 6, "TR", (40, 60), online=1)),
    ("PHYS161", "General Physics: Mechanics and Particle Dynamics", 3, lambda: with_discussions("PHYS", 3, 4)),
    ("PHYS261", "General Physics: Vibrations, Waves, Heat, Electricity and Magnetism (lab)", 1,
     lambda: with_labs("PHYS", 1, 6)),
    ("CHEM131", "Chemistry I: Fundamentals of General Chemistry", 3, lambda: simple("CHEM", 0, 5, "MWF", (80, 150))),
    ("CHEM132", "General Chemistry I Laboratory", 1, lambda: with_labs("CHEM", 2, 5, "2027-09-07")),
    ("BIOL105", "Principles of Biology I", 4, lambda: with_labs("BIOL", 3, 5)),
    ("ENES100", "Introduction to Engineering Design", 3, lambda: simple("ENES", 0, 6, "MW", (24, 36))),
    ("ENGL101", "Academic Writing", 3, lambda: simple("ENGL", 0, 20, "TR", (19, 22), online=3)),
    ("ENGL272", "Romantic Poetry and the Age of Revolution", 3, lambda: simple("ENGL", 0, 2, "TR", (30, 40))),
    ("HIST200", "The Atlantic World, 1500-1800", 3, lambda: with_discussions("HIST", 1, 6, "TR", (20, 25))),
    ("HIST210", "Women in America to 1880", 3, lambda: simple("HIST", 0, 2, "MW", (35, 50), online=1)),
    ("ECON200", "Principles of Micro-Economics", 4, lambda: with_discussions("ECON", 3, 5, "TR", (30, 35))),
    ("PSYC100", "Introduction to Psychology", 3, lambda: simple("PSYC", 0, 8, "MWF", (100, 200), online=2)),
    ("PHIL140", "Contemporary Moral Issues", 3, lambda: simple("PHIL", 0, 3, "TR", (40, 60))),
    ("ARTH200", "Art and Society in Ancient and Medieval Europe", 3, lambda: simple("ARTH", 0, 2, "MW", (40, 60))),
    ("SPAN103", "Intensive Elementary Spanish", 4, lambda: simple("SPAN", 0, 12, "MWF", (20, 24))),
    ("UNIV100", "The Student in the University", 1, lambda: half_term("UNIV", 6)),
]


def pretty(v, indent=""):
    """The canonical layout: containers of scalars (or of lists of scalars) on one line."""
    def flat(x):
        if isinstance(x, list):
            return all(not isinstance(i, (list, dict)) or (isinstance(i, list) and all(not isinstance(j, (list, dict)) for j in i)) for i in x)
        if isinstance(x, dict):
            return flat(list(x.values()))
        return True

    def line(x):
        if isinstance(x, dict):
            return "{" + ", ".join(json.dumps(k, ensure_ascii=False) + ": " + line(i) for k, i in x.items()) + "}"
        if isinstance(x, list):
            return "[" + ", ".join(line(i) for i in x) + "]"
        if isinstance(x, float) and x == int(x):
            return str(int(x))
        return json.dumps(x, ensure_ascii=False)

    if flat(v):
        return line(v)
    inner = indent + "  "
    if isinstance(v, dict):
        return "{\n" + ",\n".join(inner + json.dumps(k, ensure_ascii=False) + ": " + pretty(i, inner) for k, i in v.items()) + "\n" + indent + "}"
    return "[\n" + ",\n".join(inner + pretty(i, inner) for i in v) + "\n" + indent + "]"


def main():
    courses = [{"code": code, "title": title, "credits": credits, "sections": make()} for code, title, credits, make in COURSES]
    print(pretty({"term": TERM, "courses": courses}))


if __name__ == "__main__":
    main()
