#!/usr/bin/env bash
# JSON reader timings, before vs after, in one run: compiles the JSON sources of a git revision ("before") and of
# the working tree ("after") into small release drivers (swiftc -O, JSONParse/main.swift) and times, alternating
# before and after:
#   1. parsing recorded QUERY and EXECUTE bodies (the request path: median CPU ns per parse, 5 rounds; and, when
#      valgrind is installed, instructions per parse counted by callgrind, which load on the machine cannot move);
#   2. one object of 10k…1M members with short keys, as the request path reads it and as a device file is read
#      (since issue 11 one reader, `JSON`'s JSONParser, with `options: .deviceFile`; before it SmartHomeProtocol's
#      JSONParser and MatterModel's JSONReader): CPU seconds per parse and ns per member.
# Times are the driver thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so other load on the machine mostly drops out.
#
#   Tests/Benchmarks/json-parse.sh [BEFORE_REV=HEAD] [ITERATIONS=20000]
#
# Env: KEYS (default "10000 30000 100000 300000 1000000"); MAX_SECONDS (default 20): once a reader takes longer for
# one size, its larger sizes are skipped (a quadratic reader would take hours on 1M members).
set -euo pipefail
cd "$(dirname "$0")/../.."
BEFORE=${1:-HEAD}
ITERATIONS=${2:-20000}
KEYS=${KEYS:-10000 30000 100000 300000 1000000}
MAX_SECONDS=${MAX_SECONDS:-20}
WORK=$(mktemp -d /tmp/hearth-json.XXXX)
trap 'rm -rf "$WORK"' EXIT

# Sources: before from git, after from the working tree. Either is one `JSON` module (since issue 11) or the two
# readers of before it (with TextValidation's UTF8Diagnosis where they shared it); each is compiled as one module.
mkdir -p "$WORK/before" "$WORK/after"
JSON_PATHS=(Sources/JSON Sources/SmartHomeProtocol/JSON Sources/MatterModel/JSON Sources/TextValidation)
for path in "${JSON_PATHS[@]}"; do
    if git cat-file -e "$BEFORE:$path" 2>/dev/null; then git archive "$BEFORE" "$path" | tar -x -C "$WORK/before"; fi
    if [ -d "$path" ]; then mkdir -p "$WORK/after/$path" && cp -R "$path/." "$WORK/after/$path/"; fi
done
for rev in before after; do
    src=$WORK/$rev/Sources
    sed -i '/^import TextValidation$/d' "$src"/*/*.swift "$src"/*/*/*.swift 2>/dev/null || true
    shared=()
    [ -d "$src/TextValidation" ] && shared=("$src"/TextValidation/*.swift)
    if [ -d "$src/JSON" ]; then
        protocol=("$src"/JSON/*.swift) matter=("$src"/JSON/*.swift) flags=(-D UNIFIED)
    else
        protocol=("$src"/SmartHomeProtocol/JSON/*.swift "${shared[@]}")
        matter=("$src"/MatterModel/JSON/*.swift "${shared[@]}") flags=()
    fi
    swiftc -O -wmo -module-name Bench "${flags[@]}" -o "$WORK/$rev-protocol" \
        "${protocol[@]}" Tests/Benchmarks/JSONParse/main.swift
    swiftc -O -wmo -module-name Bench "${flags[@]}" -D MATTER -o "$WORK/$rev-matter" \
        "${matter[@]}" Tests/Benchmarks/JSONParse/main.swift
done

# Recorded request bodies (the fixtures' "request" member).
python3 - Tests/HearthAppTests/Fixtures/Intents "$WORK" <<'PY'
import json, sys
fixtures, work = sys.argv[1:]
for name in ["docs_query_onoff_brightness_color", "aog_execute_onoff_partial_error", "oh_execute_2fa_pin_correct"]:
    request = json.load(open(f"{fixtures}/{name}.json"))["request"]
    open(f"{work}/{name}.body.json", "w").write(json.dumps(request, separators=(",", ":")))
PY

echo "# $(date -u +%FT%TZ) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); before = $(git rev-parse --short "$BEFORE"), after = working tree"
echo
# Instructions per parse: callgrind over 1,000 iterations (5 rounds) minus a run of 1, divided by the difference.
instructions() {  # driver body -> instructions per parse, or "-" without valgrind
    command -v valgrind >/dev/null || { echo -; return; }
    local many one
    many=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" file "$2" 1000 2>&1 | awk '/Collected/{print $NF}')
    one=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" file "$2" 1 2>&1 | awk '/Collected/{print $NF}')
    echo $(( (many - one) / (5 * 999) ))
}
printf '%-36s %6s %10s %10s %6s %10s %10s %6s\n' "request body (request path)" bytes "before ns" "after ns" ratio \
    "before Ir" "after Ir" ratio
for body in "$WORK"/*.body.json; do
    b=$("$WORK/before-protocol" file "$body" "$ITERATIONS")
    a=$("$WORK/after-protocol" file "$body" "$ITERATIONS")
    b2=$("$WORK/before-protocol" file "$body" "$ITERATIONS")
    a2=$("$WORK/after-protocol" file "$body" "$ITERATIONS")
    # The better of two alternating runs each, to damp other load on the machine.
    b=$(( b < b2 ? b : b2 )); a=$(( a < a2 ? a : a2 ))
    bi=$(instructions "$WORK/before-protocol" "$body")
    ai=$(instructions "$WORK/after-protocol" "$body")
    ir_ratio=-
    [ "$bi" != - ] && ir_ratio=$(printf '%.3f' "$(echo "$ai / $bi" | bc -l)")
    printf '%-36s %6d %10d %10d %6.2f %10s %10s %6s\n' "$(basename "$body" .body.json)" "$(wc -c <"$body")" \
        "$b" "$a" "$(echo "$a / $b" | bc -l)" "$bi" "$ai" "$ir_ratio"
done

echo
printf '%-9s %-8s %10s %12s %12s %14s %14s\n' reader members bytes "before s" "after s" "before ns/mbr" "after ns/mbr"
for reader in protocol matter; do
    skip_before=
    for n in $KEYS; do
        before="skipped" before_per="-"
        if [ -z "$skip_before" ]; then
            read -r seconds bytes < <("$WORK/before-$reader" wide "$n")
            before=$seconds before_per=$(printf '%.0f' "$(echo "$seconds * 1000000000 / $n" | bc -l)")
            if (( $(echo "$seconds > $MAX_SECONDS" | bc -l) )); then skip_before=1; fi
        fi
        read -r seconds bytes < <("$WORK/after-$reader" wide "$n")
        after_per=$(printf '%.0f' "$(echo "$seconds * 1000000000 / $n" | bc -l)")
        printf '%-9s %-8d %10d %12s %12s %14s %14s\n' "$reader" "$n" "$bytes" "$before" "$seconds" "$before_per" "$after_per"
    done
done
