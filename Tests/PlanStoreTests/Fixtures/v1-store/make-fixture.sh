#!/usr/bin/env bash
# Makes plan.sqlite, a store written by the schema-1 plan (tasks kept as JSON
# text), and the outputs of that plan on it (*.txt), for the migration tests.
#
#   PLAN=path/to/old/plan bash Tests/PlanStoreTests/Fixtures/v1-store/make-fixture.sh
#
# Run from the package root with the binary of the commit named in README.md.
# The calendar is registered by its absolute path at the time; the tests point
# it at Examples/fall-2026-classes.ics of their own checkout.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${PLAN:?set PLAN to the plan binary}"
rm -f "$here/plan.sqlite" "$here/plan.sqlite-wal" "$here/plan.sqlite-shm"
export PLAN_STORE="$here/plan.sqlite" TZ=America/New_York NO_COLOR=1 LANG=C.UTF-8
export PLAN_NOW=2026-11-02T08:00:00-05:00
p() { "$PLAN" "$@" > /dev/null; }
p policy set --tz America/New_York --day-start 08:00 --day-end 22:00 --working-days MO,TU,WE,TH,FR,SA \
    --buffer 10m --break 20m --granularity 15m --max-per-day 6h --busy-all-day yes --busy-tentative no
p project add HIST200 --color blue --notes "The Atlantic World"
p project add CS201 --color '#33aa55'
p project add CHEM110 --color red
p calendar add Examples/fall-2026-classes.ics --name classes
p add-task "Reading: Atlantic trade" --project HIST200 --estimate 3h --span 1h --due 2026-11-06
p add-task "History essay" --project HIST200 --estimate 6h --span 90m --min 45m --due 2026-11-13 \
    --after "Reading: Atlantic trade" --earliest 09:00 --latest 21:00 --notes 'About 2,500 words; cite "primary" sources'
p add-task "Problem set 7" --project CS201 --estimate 4h --span 2h --due 2026-11-05T23:59 --priority 1
p add-task "Lab report 5" --project CHEM110 --estimate 3h --min 45m --due 2026-11-09 --start 2026-11-04 --done 30m
p add-task "Linked lists project" --id linked-lists --project CS201 --estimate 10h --span 2h \
    --due 2026-11-20T17:00:00-05:00 --start 2026-11-05T12:00 --priority 2 --after problem-set-7
p add-task "Midterm review" --project CHEM110 --estimate 5h --span 1h --due 2026-11-12 --latest 24:00 --priority 4
p add-task "Problem set 8" --project CS201 --estimate 4h --due fri --replan \
    --notes "Chapters 9-10; hand in on Gradescope"
p add-task "Café notes ☕" --estimate 1.5h --span 45m --due +10d --earliest 10:30
p task edit "Midterm review" --estimate 6h --start 2026-11-03T09:00
# Two days later: progress recorded, the rest re-fitted (past sittings stay as history).
export PLAN_NOW=2026-11-04T12:00:00-05:00
p done problem-set-7 --spent 1h
p done "Reading: Atlantic trade"
p replan
# What the old binary shows on the finished store (the goldens).
"$PLAN" tasks > "$here/tasks.txt"
"$PLAN" tasks --json > "$here/tasks.json.txt"
"$PLAN" agenda --from 2026-11-02 --days 21 > "$here/agenda.txt"
"$PLAN" policy show > "$here/policy.txt"
"$PLAN" policy show --json > "$here/policy.json.txt"
"$PLAN" project list --json > "$here/projects.json.txt"
sqlite3 "$PLAN_STORE" "PRAGMA user_version" | grep -qx 1
ls "$here"/plan.sqlite-wal 2> /dev/null && { echo "WAL left behind" >&2; exit 1; }
echo "made $PLAN_STORE ($(git -C "$here" rev-parse HEAD))"
