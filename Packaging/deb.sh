#!/usr/bin/env bash
# Builds the Debian package dist/plan_VERSION_ARCH.deb with dpkg-deb:
# Packaging/install.sh stages the release binary (Swift runtime linked in
# statically), its man page (gzipped, as Debian does) and its completions
# under /usr; Depends lists the package of every shared library the binary
# needs (found with objdump and dpkg -S on this machine) plus tzdata, which
# plan reads time zones from.
#
# usage: bash Packaging/deb.sh [--from DIR]   (--from: as install.sh's)
#
# Install it on a Debian/Ubuntu machine with `sudo apt install ./dist/plan_*.deb`
# (apt fetches the libraries it depends on).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
pkg=$stage/plan

bash "$root/Packaging/install.sh" --prefix /usr --destdir "$pkg" "$@" >/dev/null
# Debian ships binaries without their symbol tables.
strip --strip-unneeded "$pkg/usr/bin/plan"
gzip -9n "$pkg/usr/share/man/man1/plan.1"

binary=$pkg/usr/bin/plan
version=$("$binary" --version | head -n 1 | cut -d' ' -f2)
arch=$(dpkg --print-architecture)

# The packages holding the shared libraries the binary names (DT_NEEDED), and those it
# opens only when it draws a picture (dlopen, Sources/PlanImage/Librsvg.swift).
deps=()
while read -r lib; do
    path=$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64|x86_64|aarch64|arm64/ { print $NF; exit }')
    [[ -n $path ]] || path=$(ldconfig -p | awk -v l="$lib" '$1 == l { print $NF; exit }')
    [[ -n $path ]] || { echo "deb.sh: $lib (needed by plan) is not installed here" >&2; exit 1; }
    owner=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null || dpkg -S "$path" 2>/dev/null) \
        || { echo "deb.sh: no package owns $path" >&2; exit 1; }
    deps+=("${owner%%:*}")
done < <(objdump -p "$binary" | awk '$1 == "NEEDED" { print $2 }'
         printf '%s\n' librsvg-2.so.2 libcairo.so.2 libgobject-2.0.so.0 libglib-2.0.so.0)
deps+=(tzdata)
depends=$(printf '%s\n' "${deps[@]}" | sort -u | paste -sd, - | sed 's/,/, /g')
# A library the binary needs must never be bundled from the toolchain.
if objdump -p "$binary" | grep -q 'NEEDED.*libswift'; then
    echo "deb.sh: the binary needs the Swift runtime as shared libraries (build with --static-swift-stdlib)" >&2
    exit 1
fi

mkdir -p "$pkg/DEBIAN" "$pkg/usr/share/doc/plan"
cp "$root/README.md" "$pkg/usr/share/doc/plan/README.md"
size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
cat > "$pkg/DEBIAN/control" <<CONTROL
Package: plan
Version: $version
Architecture: $arch
Maintainer: plan developers <plan@localhost>
Installed-Size: $size
Depends: $depends
Section: utils
Priority: optional
Description: auto-scheduler for students: fits work around your timetable
 plan reads the calendars you already have (.ics), keeps your projects and
 tasks, and fits work sessions into the free time around your classes. It
 writes the merged calendar back as .ics and talks JSON-RPC to editors.
CONTROL

mkdir -p "$root/dist"
out=$root/dist/plan_${version}_${arch}.deb
dpkg-deb --build --root-owner-group "$pkg" "$out" >/dev/null
echo "built ${out#"$root"/}"
echo "Depends: $depends"
