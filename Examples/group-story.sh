#!/usr/bin/env bash
# A study group of three with plan: Ada finds a time she, Alice and Bob are free,
# proposes a review session, writes the invitations, records their answers,
# leaves and re-joins, and finally cancels. Runs against a throwaway store with the
# clock fixed at Monday 2026-11-30 08:00 New York time, so it prints the same thing
# every time (Tests/PlanCLITests/Golden/group-story.txt is this output).
#
#   bash Examples/group-story.sh                  # builds plan once, keeps no file
#   bash Examples/group-story.sh out/             # and keeps the .eml invitations there
#   PLAN=.build/release/plan bash Examples/group-story.sh
set -euo pipefail
if (($# > 1)) || [[ ${1:-} == -* ]]; then
    echo "usage: bash Examples/group-story.sh [MAIL-DIR]" >&2
    exit 64
fi
keep=${1:-}
if [[ -n $keep ]]; then
    case $keep in /*) ;; *) keep="$PWD/$keep" ;; esac
fi
cd "$(dirname "${BASH_SOURCE[0]}")/.."
store=$(mktemp -d)
trap 'rm -rf "$store"' EXIT
export PLAN_STORE="$store/plan.sqlite" PLAN_NOW=2026-11-30T08:00:00-05:00 TZ=America/New_York
if [[ -z ${PLAN:-} ]]; then
    swift build -q --product plan
    PLAN="$(swift build --show-bin-path)/plan"
fi
mail=${keep:-$store/mail}
repo=$PWD
plan() {
    echo "\$ plan $*" | sed "s|$store|\$TMP|g"
    "$PLAN" "$@" 2>&1 | sed -e "s|$store|\$TMP|g" -e "s|$repo/||g" || echo "(exit ${PIPESTATUS[0]})"
    echo
}
plan me --name "Ada Byron" --email ada@uni.edu
plan policy set --tz America/New_York --day-start 08:00 --day-end 22:00
plan calendar add Examples/fall-2026-classes.ics --name classes
plan add-task "Problem set 9" --project CS201 --estimate 4h --span 2h --start 2026-12-02 --earliest 19:00 --due 2026-12-04
plan group find --member Examples/groups/alice.ics --member Examples/groups/bob.ics --member me \
    --duration 2h --within 2026-12-01..2026-12-03 --days MO-FR --top 4
plan group create "CS 201 midterm review" --course CS201 --at 2026-12-02T19:00 --for 2h \
    --where "Library, room 204" --geo 40.0012,-83.0153 --notes "Bring last year's midterm." \
    --invite alice@uni.edu --invite bob@uni.edu --mail-dir "$mail"
plan group list
plan group reply Examples/groups/alice-accepts.ics
plan group reply Examples/groups/bob-declines.ics
plan group leave cs-201-midterm-review
plan group join cs-201-midterm-review
plan group list
plan group cancel cs-201-midterm-review --mail-dir "$mail"
plan group list --from all
echo "Invitations and cancellations for a mail program to send: $(ls "$mail" | wc -l) .eml files."
if [[ -n $keep ]]; then echo "They are in $keep."; fi
