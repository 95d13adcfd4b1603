#!/usr/bin/env bash
# Makes the README's picture of the example week: Examples/week.svg and Examples/week.png
# (or in OUTDIR), from the bundled class schedule and two tasks, on a throwaway store with
# the clock and zone fixed, and prints the same week as the terminal grid.
#
#   bash Examples/make-week.sh [OUTDIR]
#
# PLAN names the plan binary (default: a release build, made by `swift build -c release`).
# A test (WeekCommandTests) runs this and checks the committed SVG is byte for byte current.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-Examples}
plan=${PLAN:-}
if [[ -z $plan ]]; then
    swift build -c release --product plan >&2
    plan=.build/release/plan
fi
store=$(mktemp -d)
trap 'rm -rf "$store"' EXIT
export PLAN_STORE=$store/plan.sqlite PLAN_NOW=2026-11-16T08:00:00-05:00 TZ=America/New_York NO_COLOR=1
"$plan" calendar add Examples/fall-2026-classes.ics --name "Fall 2026 classes" >/dev/null
"$plan" project add HIST200 --color teal >/dev/null
"$plan" add-task "History essay" --project HIST200 --estimate 6h --span 90m --due 2026-11-20 --earliest 09:00 >/dev/null
"$plan" add-task "Problem set 9" --project "MATH 221" --estimate 3h --span 90m --due 2026-11-19 --latest 18:00 >/dev/null
COLUMNS=${COLUMNS:-100} "$plan" week
"$plan" week --svg "$out/week.svg" --png "$out/week.png" >/dev/null
