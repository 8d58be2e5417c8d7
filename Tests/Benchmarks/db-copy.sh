#!/usr/bin/env bash
# `hearth db copy` at fleet sizes: is the time linear in the rows?
#
#   Tests/Benchmarks/db-copy.sh BIN            a release binary (swift build -c release --product hearth)
#
# For each size in SIZES (rows, roughly): a SQLite registry of that many rows, made by BIN from a fleet device file
# (fleet_homes.py: the example home plus as many 30-device homes as the size needs), then copied with BIN into a
# new database of a throwaway PostgreSQL cluster (Deploy/dev-postgres.sh, 127.0.0.1, fsync on) and into a new
# SQLite file. With BASE=path, the baseline binary copies the sizes up to BASE_MAX into PostgreSQL too, alternating
# with BIN (its copy may be far slower: keep BASE_MAX small). Prints per size, direction and binary: rows, seconds
# and rows per second (constant rows/s means linear), and the time per row relative to the smallest size.
# Env: SIZES ("50000 200000 1000000"), BASE, BASE_MAX (50000), PG_PORT (55630). The machine's cores are shared:
# say how many with the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
BIN=$(absolute "${1:?usage: db-copy.sh BIN}")
BASE=${BASE:+$(absolute "$BASE")}
SIZES=${SIZES:-50000 200000 1000000}
BASE_MAX=${BASE_MAX:-50000}
PG_PORT=${PG_PORT:-55630}
WORK=$(mktemp -d /tmp/hearth-db-copy.XXXX)
chmod 755 "$WORK"  # the cluster runs as another user when this runs as root
cleanup() {
    Deploy/dev-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

URL=$(DEV_POSTGRES_FSYNC=on Deploy/dev-postgres.sh start "$WORK/pg" "$PG_PORT")
databases=0
new_database() {  # sets TO: the URL of a new, empty database
    databases=$((databases + 1))
    psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -q -v ON_ERROR_STOP=1 \
        -c "CREATE DATABASE copy_$databases OWNER hearth" >/dev/null
    TO="${URL/\/hearth\?/\/copy_$databases?}"
}
drop_database() {
    psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -q -c "DROP DATABASE copy_$databases" >/dev/null
}

# One copy: "rows seconds".
copy() {  # bin from to
    local t0 t1 out
    t0=$(date +%s.%N)
    out=$("$1" db copy --from "$2" --to "$3")
    t1=$(date +%s.%N)
    echo "$(echo "$out" | sed -E 's/^copied ([0-9]+) rows.*/\1/') $(echo "$t1 - $t0" | bc)"
}
report() {  # size direction binary "rows seconds"
    read -r rows seconds <<<"$4"
    printf '%-9s %-18s %-5s %9d %9.1f %10.0f\n' "$1" "$2" "$3" "$rows" "$seconds" "$(echo "$rows / $seconds" | bc -l)"
    echo "$1 $2 $3 $rows $seconds" >>"$WORK/results"
}

# Rows per home: a registry of one home more than the example, minus the example alone.
python3 Tests/Benchmarks/fleet_homes.py 0 "$WORK/h0.json" >/dev/null
python3 Tests/Benchmarks/fleet_homes.py 1 "$WORK/h1.json" >/dev/null
"$BIN" devices import "$WORK/h0.json" --database "$WORK/h0.sqlite" >/dev/null
"$BIN" devices import "$WORK/h1.json" --database "$WORK/h1.sqlite" >/dev/null
r0=$(copy "$BIN" "$WORK/h0.sqlite" "$WORK/h0-copy.sqlite" | cut -d' ' -f1)
r1=$(copy "$BIN" "$WORK/h1.sqlite" "$WORK/h1-copy.sqlite" | cut -d' ' -f1)
per_home=$((r1 - r0))

echo "# $(date -u +%FT%TZ) BIN $BIN${BASE:+, BASE $BASE (sizes up to $BASE_MAX)}"
echo "# PostgreSQL $(psql --version | awk '{print $3}') on 127.0.0.1 (fsync on); $(nproc) cores, shared; $per_home rows per 30-device home"
printf '%-9s %-18s %-5s %9s %9s %10s\n' size direction bin rows seconds rows/s
for size in $SIZES; do
    homes=$(((size - r0 + per_home - 1) / per_home))
    python3 Tests/Benchmarks/fleet_homes.py "$homes" "$WORK/fleet.json" >/dev/null
    rm -f "$WORK/fleet.sqlite"*
    "$BIN" devices import "$WORK/fleet.json" --database "$WORK/fleet.sqlite" >/dev/null
    sides=(BIN)
    [[ -n "$BASE" ]] && ((size <= BASE_MAX)) && sides+=(BASE)
    for side in "${sides[@]}"; do
        bin=$BIN
        [[ "$side" == BASE ]] && bin=$BASE
        new_database
        to=$TO
        report "$size" "sqlite->postgres" "$side" "$(copy "$bin" "$WORK/fleet.sqlite" "$to")"
        if [[ "$side" == BIN ]]; then
            rm -f "$WORK/copy.sqlite"*
            report "$size" "postgres->sqlite" "$side" "$(copy "$bin" "$to" "$WORK/copy.sqlite")"
            rm -f "$WORK/copy.sqlite"*
            report "$size" "sqlite->sqlite" "$side" "$(copy "$bin" "$WORK/fleet.sqlite" "$WORK/copy.sqlite")"
        fi
        drop_database
    done
done

echo
echo "time per row relative to the smallest size (1.00 = linear)"
python3 - "$WORK/results" <<'PY'
import sys
rows = [line.split() for line in open(sys.argv[1])]
first = {}
for size, direction, side, count, seconds in rows:
    per_row = float(seconds) / int(count)
    first.setdefault((direction, side), per_row)
    print("%-9s %-18s %-5s %6.2f" % (size, direction, side, per_row / first[(direction, side)]))
PY
