#!/usr/bin/env bash
# One student's week with plan, from a class schedule to an exported study plan.
# Runs against a throwaway store, with the clock fixed at Monday 2026-11-02 08:00
# New York time (then Monday evening and Tuesday morning), so it prints the same thing every time (the CLI tests check the
# same story against Tests/PlanCLITests/Golden/student-story.txt).
#
#   bash Examples/student-story.sh                  # builds plan once (release), keeps no file
#   bash Examples/student-story.sh study-plan.ics   # and keeps the merged calendar there
#   PLAN=.build/release/plan bash Examples/student-story.sh
set -euo pipefail
if (($# > 1)) || [[ ${1:-} == -* ]]; then
    echo "usage: bash Examples/student-story.sh [OUT.ics]" >&2
    exit 64
fi
out=${1:-}
if [[ -n $out ]]; then
    # Where the caller meant it, before the script moves to the repository.
    case $out in /*) ;; *) out="$PWD/$out" ;; esac
    if [[ ! -d $(dirname "$out") ]]; then
        echo "student-story.sh: cannot write $1: no such directory $(dirname "$1")" >&2
        exit 73
    fi
fi
cd "$(dirname "${BASH_SOURCE[0]}")/.."
store=$(mktemp -d)
trap 'rm -rf "$store"' EXIT
export PLAN_STORE="$store/plan.sqlite" PLAN_NOW=2026-11-02T08:00:00-05:00
if [[ -z ${PLAN:-} ]]; then
    # The release build `make install` (Packaging/install.sh) makes too: same
    # configuration and flags, so whichever runs second finds it built.
    build=(swift build -c release --static-swift-stdlib)
    echo "building plan (release, first time about 10 minutes)…" >&2
    if ! log=$("${build[@]}" -q --product plan 2>&1); then
        printf '%s\n' "$log" | grep -E "error|warning:" >&2 || printf '%s\n' "$log" | tail -n 20 >&2
        echo "student-story.sh: building plan failed" >&2
        exit 70
    fi
    # plan's own warnings; not the linker's about the toolchain's static libraries (mktemp in Foundation).
    printf '%s\n' "$log" | grep -E "warning:" | grep -v "swift_static" >&2 || true
    PLAN="$("${build[@]}" --show-bin-path)/plan"
fi
out=${out:-$store/study-plan.ics}
plan() {
    echo "\$ plan $*"
    "$PLAN" "$@" || echo "(exit $?)"
    echo
}
plan policy set --tz America/New_York --day-start 08:00 --day-end 22:00 --buffer 10m --max-per-day 6h
plan project add HIST200 --color blue
plan project add CS201 --color green
plan project add CHEM110 --color red
plan add-task "Reading: Atlantic trade" --project HIST200 --estimate 3h --span 1h --due 2026-11-06 \
    --calendar Examples/fall-2026-classes.ics
plan add-task "History essay" --project HIST200 --estimate 6h --span 90m --due 2026-11-13 \
    --after "Reading: Atlantic trade" --earliest 09:00
plan add-task "Problem set 7" --project CS201 --estimate 4h --span 2h --due 2026-11-05T23:59
plan add-task "Lab report 5" --project CHEM110 --estimate 3h --min 45m --due 2026-11-09
plan add-task "Linked lists project" --project CS201 --estimate 10h --span 2h --due 2026-11-20 --priority 2
plan add-task "Midterm review" --project CHEM110 --estimate 5h --span 1h --due 2026-11-12 --latest 21:00
plan add-task "Problem set 8" --project CS201 --estimate 4h --due 2026-11-12 --notes "Chapters 9-10; hand in on Gradescope"
plan add-task "Cram all of chemistry" --project CHEM110 --estimate 20h --span 2h --due 2026-11-03 --earliest 09:00
plan tasks
plan agenda --from 2026-11-02 --days 3
# Monday evening: Problem set 7's hour done; the reading's hour ran over and a bit is left;
# Problem set 8's sitting was missed. Tuesday morning: the tasks say what is owed, and the
# replan re-fits it.
export PLAN_NOW=2026-11-02T22:00:00-05:00
plan done problem-set-7 --spent 1h
plan done "Reading: Atlantic trade" --spent 1h20m --left 1h
export PLAN_NOW=2026-11-03T08:00:00-05:00
plan tasks
plan replan
plan replan --compact
plan week --from 2026-11-02 --png "${out%.ics}-week.png"
plan export "$out"
plan review
echo "The merged calendar has $(grep -c BEGIN:VEVENT "$out") events (classes and study sittings)."
if [[ $out != "$store"/* ]]; then echo "Import $out into any calendar app; ${out%.ics}-week.png is the week as a picture."; fi
