#!/usr/bin/env bash
# Installs plan as a command-line tool: the binary, its man page plan(1)
# (written from the command definitions by plan-manual, so it matches the
# binary) and its bash, zsh and fish completions, in the usual places:
#
#   PREFIX/bin/plan
#   PREFIX/share/man/man1/plan.1
#   PREFIX/share/bash-completion/completions/plan
#   PREFIX/share/zsh/site-functions/_plan
#   PREFIX/share/fish/vendor_completions.d/plan.fish
#
# usage: bash Packaging/install.sh [--prefix DIR] [--destdir DIR] [--from DIR]
#   --prefix   where plan lives (default /usr/local)
#   --destdir  a staging root the files go under (for packaging; default none)
#   --from     a folder holding already built `plan` and `plan-manual` (skips
#              the build; the tests use .build/debug). Default: build them
#              with `swift build -c release --static-swift-stdlib`, so the
#              installed binary needs no Swift toolchain at run time.
set -euo pipefail

prefix=/usr/local
destdir=
from=
while (($#)); do
    case $1 in
        --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
        --destdir) destdir=${2:?--destdir needs a folder}; shift 2 ;;
        --from) from=${2:?--from needs a folder}; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 64 ;;
    esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -z $from ]]; then
    command -v swift >/dev/null 2>&1 || PATH=/opt/swift/usr/bin:$PATH
    # The same configuration and flags as Examples/student-story.sh, so a plan
    # the story built is found built here (and the other way round).
    build=(swift build -c release --static-swift-stdlib)
    echo "building plan (release, first time about 10 minutes)…" >&2
    for product in plan plan-manual; do
        if ! log=$(cd "$root" && "${build[@]}" -q --product "$product" 2>&1); then
            printf '%s\n' "$log" | grep -E "error|warning:" >&2 || printf '%s\n' "$log" | tail -n 20 >&2
            echo "install.sh: building $product failed" >&2
            exit 70
        fi
        # plan's own warnings; not the linker's about the toolchain's static libraries.
        printf '%s\n' "$log" | grep -E "warning:" | grep -v "swift_static" >&2 || true
    done
    from=$(cd "$root" && "${build[@]}" --show-bin-path)
fi
for tool in plan plan-manual; do
    [[ -x $from/$tool ]] || { echo "install.sh: no $tool in $from (build it, or leave out --from)" >&2; exit 66; }
done

dest=$destdir$prefix
man=$dest/share/man/man1
bash_dir=$dest/share/bash-completion/completions
zsh_dir=$dest/share/zsh/site-functions
fish_dir=$dest/share/fish/vendor_completions.d
install -d "$dest/bin" "$man" "$bash_dir" "$zsh_dir" "$fish_dir"
install -m 0755 "$from/plan" "$dest/bin/plan"

# Everything below is asked of the installed binary itself.
plan=$dest/bin/plan
version=$("$plan" --version | head -n 1)
"$plan" --experimental-dump-help | "$from/plan-manual" --version "$version" > "$man/plan.1.tmp"
mv "$man/plan.1.tmp" "$man/plan.1"
"$plan" --generate-completion-script bash > "$bash_dir/plan"
"$plan" --generate-completion-script zsh > "$zsh_dir/_plan"
"$plan" --generate-completion-script fish > "$fish_dir/plan.fish"
chmod 0644 "$man/plan.1" "$bash_dir/plan" "$zsh_dir/_plan" "$fish_dir/plan.fish"

echo "installed $version under $dest:"
for f in bin/plan share/man/man1/plan.1 share/bash-completion/completions/plan share/zsh/site-functions/_plan share/fish/vendor_completions.d/plan.fish; do
    echo "  $prefix/$f"
done
