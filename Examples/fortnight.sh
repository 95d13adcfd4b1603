#!/usr/bin/env bash
# A realistic fortnight (issue 30): the bundled fall classes and eleven tasks, 46 h of work
# due over three weeks, added one by one as a student would type them, then the plan and how
# it spreads the work over the days (`plan-bench spread`, the figures of plan-bench's
# "spread of the fortnight" row). Runs against a throwaway store, with the clock fixed at
# Monday 2026-11-02 08:00 New York time, so it prints the same thing every time.
#
#   bash Examples/fortnight.sh                      # builds plan-bench once, keeps no file
#   bash Examples/fortnight.sh fortnight.sqlite     # and keeps the store there (a new file)
#   PLAN_BENCH=.build/release/plan-bench bash Examples/fortnight.sh
#
# `plan-bench plan …` is plan itself (the same code as the plan binary).
set -euo pipefail
if (($# > 1)) || [[ ${1:-} == -* ]]; then
    echo "usage: bash Examples/fortnight.sh [STORE.sqlite]" >&2
    exit 64
fi
keep=${1:-}
if [[ -n $keep ]]; then
    # Where the caller meant it, before the script moves to the repository.
    case $keep in /*) ;; *) keep="$PWD/$keep" ;; esac
    if [[ ! -d $(dirname "$keep") ]]; then
        echo "fortnight.sh: cannot write $1: no such directory $(dirname "$1")" >&2
        exit 73
    fi
    if [[ -e $keep ]]; then
        echo "fortnight.sh: $1 already exists (the store must be a new file)" >&2
        exit 73
    fi
fi
cd "$(dirname "${BASH_SOURCE[0]}")/.."
store=$(mktemp -d)
trap 'rm -rf "$store"' EXIT
# Balanced placement unless FORTNIGHT_PLACEMENT=early (plan-bench's spread row runs both).
placement=${FORTNIGHT_PLACEMENT:-balanced}
case $placement in early|balanced) ;; *) echo "fortnight.sh: FORTNIGHT_PLACEMENT must be early or balanced" >&2; exit 64 ;; esac
export PLAN_STORE=${keep:-$store/plan.sqlite} PLAN_NOW=2026-11-02T08:00:00-05:00
if [[ -z ${PLAN_BENCH:-} ]]; then
    swift build -q --product plan-bench
    PLAN_BENCH="$(swift build --show-bin-path)/plan-bench"
fi
plan() {
    echo "\$ plan $*"
    "$PLAN_BENCH" plan "$@" || echo "(exit $?)"
    echo
}
plan policy set --tz America/New_York --day-start 08:00 --day-end 22:00 --buffer 10m --placement "$placement"
plan calendar add Examples/fall-2026-classes.ics --name classes
plan project add CS201 --color green
plan project add MATH221 --color purple
plan project add HIST200 --color blue
plan project add CHEM110 --color red
plan add-task "Reading: Atlantic trade" --project HIST200 --estimate 3h --span 1h --due 2026-11-04
plan add-task "Problem set 7" --project CS201 --estimate 4h --due 2026-11-05
plan add-task "Linear algebra problem set 9" --project MATH221 --estimate 3h --span 90m --due 2026-11-06
plan add-task "Lab report 5" --project CHEM110 --estimate 3h --min 45m --due 2026-11-09
plan add-task "Quiz review: eigenvalues" --project MATH221 --estimate 2h --span 1h --due 2026-11-10
plan add-task "Reading: plantation economies" --project HIST200 --estimate 2h --span 1h --due 2026-11-11
plan add-task "Problem set 8" --project CS201 --estimate 4h --due 2026-11-12
plan add-task "Linear algebra problem set 10" --project MATH221 --estimate 3h --span 90m --due 2026-11-13
plan add-task "Midterm prep" --project CHEM110 --estimate 6h --span 90m --due 2026-11-18
plan add-task "History essay" --project HIST200 --estimate 8h --due 2026-11-20 \
    --after "Reading: plantation economies"
plan add-task "Linked lists project" --project CS201 --estimate 8h --due 2026-11-20
plan tasks
plan agenda --days 19
echo "\$ plan-bench spread"
"$PLAN_BENCH" spread
