#!/usr/bin/env bash
# Builds plan's libFuzzer targets and runs each for a number of executions
# (docs/fuzzing.md).
#
#   bash Fuzz/run.sh [--runs N] [--max-time S] [--max-len BYTES] [--fork N] [--seeds-only] [--debug] [target…]
#
#   targets   importer rpc schedule catalog multistatus mail invitation (default: all, one after another)
#   --runs N  executions per target (default 1000000)
#   --max-time S  stop a target after S seconds even short of N executions (default: none)
#   --max-len BYTES  the longest input tried (default per target, as FuzzTarget.maxLength:
#             8 KB for rpc, schedule and invitation, 16 KB for the others); shorter ones run faster
#   --fork N  N fuzzing processes at once (libFuzzer's -fork=N), one a core: the
#             executions of --runs are counted over all of them, each has the same
#             limits, and the first failure of any stops the run
#   --seeds-only  only replay the seeds (no mutations): a smoke test of the build
#   --debug   build without optimization (quicker to build, slower to run); an input
#             then fails after 5 s rather than 1 s
#
# Each target runs with -timeout=1 (an input that takes more than a second is
# a failure), -rss_limit_mb=512, leak detection on, one process (or --fork N),
# no jobs, and its dictionary (Fuzz/dict). Its corpus starts from copies of the seeds (the
# shared corpus ../shared/ics-corpus read in place, Examples/, the tests'
# files, Fuzz/seeds, the regression inputs) in a temporary directory, removed
# at the end.
# A failing input is kept in Fuzz/artifacts/<target>/ (not committed): fix the
# bug, then add the input to Tests/PlanFuzzTests/FuzzRegressions/<target>/.
#
# Per target it prints executions, exec/s, coverage at start and end, the new
# inputs the fuzzer kept, peak memory and failures. Exit status: 0 when no
# target failed, 1 otherwise, 2 for bad usage.
#
# Building: the fuzz package (Fuzz/Package.swift) depends on the package above
# by path; every Swift module, plan's included, is compiled with
# -sanitize=fuzzer,address (in Fuzz/.build) and linked with lld (gold cannot
# link libFuzzer's driver here). The first release build takes 15 minutes or
# more on two cores, a debug one (--debug) about 19 minutes on this busy machine.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"
fuzz_dir=$PWD
root=$(cd .. && pwd)

if ! command -v swift >/dev/null 2>&1; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

all_targets=(importer rpc schedule catalog multistatus mail invitation)
runs=1000000
seeds_only=0
max_len=
max_time=0
fork=0
config=release
timeout=1
targets=()
while (($# > 0)); do
    case $1 in
    --runs) runs=${2:?--runs needs a number}; shift 2 ;;
    --runs=*) runs=${1#--runs=}; shift ;;
    --max-time) max_time=${2:?--max-time needs a number}; shift 2 ;;
    --max-time=*) max_time=${1#--max-time=}; shift ;;
    --max-len) max_len=${2:?--max-len needs a number}; shift 2 ;;
    --max-len=*) max_len=${1#--max-len=}; shift ;;
    --seeds-only) seeds_only=1; shift ;;
    --debug) config=debug; timeout=5; shift ;;
    --fork) fork=${2:?--fork needs a number}; shift 2 ;;
    --fork=*) fork=${1#--fork=}; shift ;;
    -h | --help) sed -n '2,36p' "$fuzz_dir/run.sh" | sed 's/^# \{0,1\}//'; exit 0 ;;
    importer | rpc | schedule | catalog | multistatus | mail | invitation) targets+=("$1"); shift ;;
    *) echo "run.sh: unknown argument '$1' (targets: ${all_targets[*]})" >&2; exit 2 ;;
    esac
done
[[ $runs =~ ^[0-9]+$ ]] || { echo "run.sh: --runs wants a number, not '$runs'" >&2; exit 2; }
[[ $fork =~ ^[0-9]+$ ]] || { echo "run.sh: --fork wants a number of processes, not '$fork'" >&2; exit 2; }
[[ $max_time =~ ^[0-9]+$ ]] || { echo "run.sh: --max-time wants a number of seconds, not '$max_time'" >&2; exit 2; }
[[ -z $max_len || $max_len =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --max-len wants a number, not '$max_len'" >&2; exit 2; }
((${#targets[@]} > 0)) || targets=("${all_targets[@]}")

# ---------------------------------------------------------------------------------------
# Build.
swift_bin=$(dirname "$(command -v swift)")
lld=$swift_bin/ld.lld
[[ -x $lld ]] || lld=$(command -v ld.lld || true)
[[ -n $lld && -x $lld ]] || { echo "run.sh: ld.lld not found next to swift or on PATH" >&2; exit 1; }
mkdir -p .build
printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$lld" >.build/toolset.json
build_started=$SECONDS
# SwiftPM keeps the package above's source files in its build plan and does
# not see a file added there since the last build unless a manifest changed
# (a new Sources/PlanService file went missing on 2026-11-26): plan anew.
rm -f ".build/$config.yaml"
echo "fuzz: building ${targets[*]} with -sanitize=fuzzer,address ($config, Fuzz/.build)"
# lld and gold print one harmless "Cannot export local symbol '__asan_…'" per ASan helper.
swift build -c "$config" --toolset "$fuzz_dir/.build/toolset.json" -Xswiftc -sanitize=fuzzer,address 2>&1 |
    { grep -v -e "Cannot export local symbol '__asan" -e '^\[[0-9]*/[0-9]*\] ' || true; }
bin_dir=$(swift build -c "$config" --show-bin-path)
echo "fuzz: built in $((SECONDS - build_started))s"

# ---------------------------------------------------------------------------------------
# Seeds.
work=$(mktemp -d "${TMPDIR:-/tmp}/plan-fuzz.XXXXXX")
shm_work=""
if [[ -d /dev/shm && -w /dev/shm ]]; then shm_work=$(mktemp -d /dev/shm/plan-fuzz.XXXXXX); fi
trap 'rm -rf "$work" ${shm_work:+"$shm_work"}' EXIT

# copy_seeds DIR FILE…: copies each regular file (1 MB at most) into DIR under a unique name.
copy_seeds() {
    local dir=$1 f n=0
    shift
    mkdir -p "$dir"
    for f in "$@"; do
        [[ -f $f ]] || continue
        (($(stat -c %s "$f") <= 1048576)) || continue
        n=$((n + 1))
        cp "$f" "$dir/seed-$n-$(basename "$f")"
    done
}

# The Examples/rpc requests as whole sessions: one message per line, and LSP framed.
rpc_sessions() {
    local dir=$1
    command -v python3 >/dev/null 2>&1 || { copy_seeds "$dir" "$root"/Examples/rpc/*.json; return; }
    python3 - "$dir" "$root"/Examples/rpc/*.json <<'PY'
import json, os, sys
out, files = sys.argv[1], sys.argv[2:]
lines = []
for i, path in enumerate(files):
    with open(path, "rb") as f:
        line = json.dumps(json.load(f), separators=(",", ":"))
    lines.append(line)
    with open(os.path.join(out, "line-%02d.jsonl" % i), "w") as f:
        f.write(line + "\n")
    with open(os.path.join(out, "lsp-%02d" % i), "wb") as f:
        body = line.encode()
        f.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
order = [l for l in lines if '"exit"' not in l and '"shutdown"' not in l]
session = order + [l for l in lines if '"shutdown"' in l] + [l for l in lines if '"exit"' in l]
with open(os.path.join(out, "session.jsonl"), "w") as f:
    f.write("\n".join(session) + "\n")
PY
}

# The schedule request of Examples/rpc/schedule.json (its params) and the schedule requests of the tests.
schedule_requests() {
    local dir=$1
    command -v python3 >/dev/null 2>&1 || return 0
    python3 - "$dir" "$root/Examples/rpc/schedule.json" <<'PY'
import json, os, sys
out, path = sys.argv[1], sys.argv[2]
with open(path) as f:
    params = json.load(f)["params"]
with open(os.path.join(out, "example-request.json"), "w") as f:
    json.dump(params, f, indent=2)
params.pop("now", None)
with open(os.path.join(out, "example-without-now.json"), "w") as f:
    json.dump(params, f)
PY
}

seed_target() {
    local target=$1 dir=$2
    mkdir -p "$dir"
    case $target in
    importer)
        if [[ -d $root/../shared/ics-corpus/ics ]]; then
            mapfile -d '' files < <(find "$root/../shared/ics-corpus/ics" -type f -print0 | LC_ALL=C sort -z)
            copy_seeds "$dir" "${files[@]}"
        else
            echo "fuzz: note: ../shared/ics-corpus not found; the importer starts from the repository's files only"
        fi
        mapfile -d '' files < <(find "$root/Examples" "$root/Tests" -name '*.ics' -type f -print0 | LC_ALL=C sort -z)
        copy_seeds "$dir" "${files[@]}"
        ;;
    rpc) rpc_sessions "$dir" ;;
    schedule) schedule_requests "$dir" ;;
    catalog)
        copy_seeds "$dir" "$root"/Examples/catalog-* "$root"/Tests/PlanProtocolTests/CatalogFiles/*.json \
            "$root"/Tests/PlanProtocolTests/CatalogFiles/*.tsv "$root"/Tests/PlanCLITests/Courses/*.json
        # The same files with the first byte that picks each reader (see CatalogEntry).
        local f
        for f in "$root"/Examples/catalog-*.csv "$root"/Tests/PlanProtocolTests/CatalogFiles/*.tsv; do
            [[ -f $f ]] && { printf '\002'; cat "$f"; } >"$dir/csv-$(basename "$f")"
        done
        for f in "$root"/Examples/catalog-umdio.json "$root"/Tests/PlanProtocolTests/CatalogFiles/umdio-sections.json; do
            [[ -f $f ]] && { printf '\003'; cat "$f"; } >"$dir/umdio-$(basename "$f")"
        done
        ;;
    multistatus) copy_seeds "$dir" "$fuzz_dir"/seeds/multistatus/*.xml ;;
    # Both read what `plan group reply` is given: the same messages seed them.
    mail | invitation) copy_seeds "$dir" "$fuzz_dir"/seeds/mail/* ;;
    esac
    local regressions=$root/Tests/PlanFuzzTests/FuzzRegressions/$target
    if [[ -d $regressions ]]; then copy_seeds "$dir" "$regressions"/*; fi
}

# The same lengths as FuzzTarget.maxLength (the mutation pass of swift test).
max_len_of() {
    if [[ -n $max_len ]]; then echo "$max_len"; return; fi
    case $1 in
    importer) echo 16384 ;;
    rpc) echo 8192 ;;
    schedule) echo 8192 ;;
    catalog) echo 16384 ;;
    multistatus) echo 16384 ;;
    mail) echo 16384 ;;
    invitation) echo 8192 ;;
    esac
}

binary_of() {
    case $1 in
    importer) echo FuzzImporter ;;
    rpc) echo FuzzRPC ;;
    schedule) echo FuzzSchedule ;;
    catalog) echo FuzzCatalog ;;
    multistatus) echo FuzzMultistatus ;;
    mail) echo FuzzMail ;;
    invitation) echo FuzzInvitation ;;
    esac
}

# ---------------------------------------------------------------------------------------
# Run.
export SWIFT_BACKTRACE=enable=no  # a trap goes straight to libFuzzer's crash handler
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# Leaks of the toolchain's libraries that plan cannot fix, each explained in the file.
export LSAN_OPTIONS="suppressions=$fuzz_dir/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
# ASan's quarantine of freed memory (256 MB by default) counts toward -rss_limit_mb: with
# it, replaying the importer's seeds alone passed 512 MB (in a debug build, and in a release
# one since the seeds include the 1 MB files of the shared corpus). 64 MB leaves the limit
# to plan's own memory.
ASAN_OPTIONS+=":quarantine_size_mb=64"
if [[ -z ${ASAN_SYMBOLIZER_PATH:-} && -x $swift_bin/llvm-symbolizer ]]; then
    export ASAN_SYMBOLIZER_PATH=$swift_bin/llvm-symbolizer
fi

failed=()
summary=()
for target in "${targets[@]}"; do
    corpus=$work/corpus-$target
    seed_target "$target" "$corpus"
    seeds=$(find "$corpus" -type f | wc -l)
    artifacts=$fuzz_dir/artifacts/$target
    mkdir -p "$artifacts"
    log=$work/$target.log
    private=${shm_work:-$work}/dir-$target
    processes=(-jobs=0 -workers=0)
    forked=0
    # libFuzzer's fork mode ignores timeouts and running out of memory unless told not to.
    if ((fork > 0 && !seeds_only)); then processes=(-fork="$fork" -ignore_timeouts=0 -ignore_ooms=0 -ignore_crashes=0); forked=1; fi
    args=(-runs="$runs" -max_total_time="$max_time" -max_len="$(max_len_of "$target")" -timeout="$timeout" -rss_limit_mb=512
        -detect_leaks=1 "${processes[@]}" -print_final_stats=1 -dict="$fuzz_dir/dict/$target.dict"
        -artifact_prefix="$artifacts/")
    if ((seeds_only)); then args=(-runs=0 "${args[@]:1}"); fi
    # The peak memory of every process of the run (the forked ones print none of their own).
    timer=()
    if ((forked)) && [[ -x /usr/bin/time ]]; then timer=(/usr/bin/time -f 'fuzz: peak RSS %M KB' -o "$work/$target.rss"); fi
    echo
    echo "fuzz: $target: $seeds seeds, $( ((seeds_only)) && echo "seeds only" || echo "$runs runs"), max_len $(max_len_of "$target")"
    started=$SECONDS
    set +e
    # The rpc target's private folder; forked processes each make their own (by process id, in /dev/shm).
    private_env=("PLAN_FUZZ_DIR=$private")
    if ((forked)); then private_env=(); fi
    env "${private_env[@]}" "${timer[@]}" "$bin_dir/$(binary_of "$target")" "${args[@]}" "$corpus" >"$log" 2>&1
    status=$?
    set -e
    elapsed=$((SECONDS - started))
    final_stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -n 1; }
    execs=$(final_stat number_of_executed_units)
    speed=$(final_stat average_exec_per_sec)
    new=$(final_stat new_units_added)
    rss=$(final_stat peak_rss_mb)
    cov_start=$(sed -n 's/^#[0-9]*[[:space:]]*INITED cov: \([0-9]*\).*/\1/p' "$log" | head -n 1)
    cov_end=$(sed -n 's/^#[0-9]*[[:space:]]*[A-Z]* *cov: \([0-9]*\).*/\1/p' "$log" | tail -n 1)
    if ((forked)); then
        # The parent's lines: "#N: cov: C ft: F corp: K exec/s: E oom/timeout/crash: …", N over all processes.
        fork_line() { grep -E '^#[0-9]+: cov: ' "$log" | "$1" -n 1; }
        first=$(fork_line head) last=$(fork_line tail)
        field() { sed -n "s/.* $1: \([0-9]*\).*/\1/p" <<<"$2"; }
        execs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' <<<"$last")
        cov_start=$(field cov "$first") cov_end=$(field cov "$last")
        corp_start=$(field corp "$first") corp_end=$(field corp "$last")
        new=$((${corp_end:-0} - ${corp_start:-0}))
        speed=$( ((elapsed > 0)) && echo $((${execs:-0} / elapsed)) || echo "?")
        rss_kb=$(sed -n 's/^fuzz: peak RSS \([0-9]*\) KB/\1/p' "$work/$target.rss" 2>/dev/null || true)
        rss=${rss_kb:+$((rss_kb / 1024))}
        echo "fuzz: $target: libFuzzer's last line: ${last:-none}"
    fi
    failure=$(grep -m 1 -o -e 'ERROR: libFuzzer: [a-z-]*' -e 'ERROR: AddressSanitizer: [a-z-]*' \
        -e 'ERROR: LeakSanitizer: [a-z ]*' -e 'Fatal error: .*' "$log" || true)
    artifact=$(sed -n "s/.*Test unit written to \(.*\)/\1/p" "$log" | tail -n 1)
    line="$target: ${execs:-?} executions$( ((forked)) && echo " in $fork processes") in ${elapsed}s (${speed:-?} exec/s), coverage ${cov_start:-?} → ${cov_end:-?} (+${new:-0} inputs), peak RSS ${rss:-?} MB"
    if ((status != 0)) || [[ -n $failure ]]; then
        line+=", FAILED: ${failure:-exit $status}${artifact:+ ($artifact)}"
        failed+=("$target")
        echo "---- $target: last 60 lines of libFuzzer's output ----"
        tail -n 60 "$log"
        echo "---- end of $target ----"
    else
        line+=", no crash, leak, timeout or memory overrun"
    fi
    echo "fuzz: $line"
    summary+=("$line")
done

echo
echo "fuzz: summary ($(date -u +%Y-%m-%d), runs per target: $( ((seeds_only)) && echo "seeds only" || echo "$runs"))"
printf '  %s\n' "${summary[@]}"
if ((${#failed[@]} > 0)); then
    echo "fuzz: failed: ${failed[*]} (inputs in Fuzz/artifacts/)"
    exit 1
fi
