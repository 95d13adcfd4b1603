#!/usr/bin/env bash
# Installs a plan .deb in a clean Debian root and uses it there: the check
# that its Depends are right and that the man page and completions work on
# a machine that has never seen plan or Swift. Needs root, debootstrap and
# the network (apt fetches the dependencies). Not part of .ci/run: it takes
# minutes.
#
# usage: sudo bash Packaging/chroot-check.sh dist/plan_VERSION_ARCH.deb [ROOT]
#   ROOT: a folder for the clean root (default: a new one under /tmp, made
#   with `debootstrap --variant=minbase bookworm`; an existing one is reused).
set -euo pipefail
deb=${1:?usage: chroot-check.sh PLAN.deb [ROOT]}
root=${2:-$(mktemp -d /tmp/plan-root.XXXXXX)}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

if [[ ! -x $root/bin/bash ]]; then
    debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/plan.deb"
cp "$here/Examples/fall-2026-classes.ics" "$root/tmp/classes.ics"
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TERM=dumb LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

echo "== dpkg -i alone names what is missing"
in_root dpkg -i /tmp/plan.deb 2>&1 | grep -E 'depends on|not installed' | head -n 20 || true
echo "== apt installs the package and its Depends"
in_root apt-get update -qq
# (apt completes the install dpkg left unconfigured, fetching its Depends)
in_root apt-get install -y -qq -f >/dev/null 2>&1
in_root dpkg -s plan | grep -E '^(Status|Version):'
in_root apt-get install -y -qq man-db bash-completion fish >/dev/null 2>&1
echo "== Swift on this root: $(in_root sh -c 'ls /usr/lib/swift 2>/dev/null || echo none')"
echo "== plan --version"
in_root plan --version
echo "== plan --help (first lines)"
in_root plan --help | head -n 8
echo "== man plan (first lines)"
in_root env MANWIDTH=80 man plan 2>/dev/null | head -n 12
echo "== bash completion of 'plan ba' and 'plan doctor --j'"
in_root bash -c 'source /usr/share/bash-completion/completions/plan
    _plan plan ba plan; echo "${COMPREPLY[*]}"; COMPREPLY=()
    COMP_WORDS=(plan doctor --j); COMP_CWORD=2; COMP_LINE="plan doctor --j"; COMP_POINT=${#COMP_LINE}
    _plan plan --j doctor; echo "${COMPREPLY[*]}"'
echo "== fish completion of 'plan ba'"
in_root fish -c 'complete -C "plan ba"'
echo "== a student's first commands (a fresh store)"
in_root rm -rf /root/.local/share/plan
in_root env TZ=America/New_York PLAN_NOW=2026-11-02T08:00:00-05:00 plan add-task "History essay" --estimate 4h --due 2026-11-20 --calendar /tmp/classes.ics
in_root env TZ=America/New_York PLAN_NOW=2026-11-02T08:00:00-05:00 plan tasks
in_root env TZ=America/New_York PLAN_NOW=2026-11-02T08:00:00-05:00 plan doctor
in_root env TZ=America/New_York PLAN_NOW=2026-11-02T08:00:00-05:00 plan week --png /tmp/week.png
in_root sh -c 'head -c 8 /tmp/week.png | od -An -c | tr -s " "'
echo "== ok: $deb installs and runs in $root"
