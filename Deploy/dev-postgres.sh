#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for development and CI: initdb into a directory, a server on 127.0.0.1 only, a
# database and a user for Hearth; prints the database URL. Stopped by its PID (the directory's postmaster.pid).
#
# Usage: Deploy/dev-postgres.sh start DIR [PORT]   prints postgres://hearth@127.0.0.1:PORT/hearth?sslmode=disable
#        Deploy/dev-postgres.sh stop DIR
# As root the cluster runs as the `postgres` user (or `nobody` when there is none): PostgreSQL refuses to run as
# root. Debian's `postgresql` package provides the binaries (/usr/lib/postgresql/*/bin). Trust authentication on
# 127.0.0.1 for a throwaway cluster only: never for a real one (Deploy/README.md, "Several instances"). fsync is off
# (tests do not need durability) unless DEV_POSTGRES_FSYNC=on (benchmarks comparing commit costs).
set -euo pipefail

command="${1:-}"
directory="${2:-}"
port="${3:-55432}"
if [[ -z "$command" || -z "$directory" ]]; then
    echo "usage: $0 start|stop DIR [PORT]" >&2
    exit 2
fi
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[[ -n "$bin" && -x "$bin/initdb" ]] || { echo "dev-postgres: PostgreSQL not installed (apt-get install postgresql)" >&2; exit 3; }

as_owner=()
if [[ "$(id -u)" -eq 0 ]]; then
    owner="postgres"
    getent passwd postgres >/dev/null || owner="nobody"
    as_owner=(runuser -u "$owner" --)
fi

case "$command" in
start)
    mkdir -p "$directory"
    directory="$(cd "$directory" && pwd)"
    [[ "${#as_owner[@]}" -gt 0 ]] && chown "$owner" "$directory"
    "${as_owner[@]}" "$bin/initdb" -D "$directory/data" -U postgres -A trust --no-sync -E UTF8 >"$directory/initdb.log" 2>&1 ||
        { cat "$directory/initdb.log" >&2; exit 1; }
    "${as_owner[@]}" "$bin/pg_ctl" -D "$directory/data" -l "$directory/postgres.log" -w -t 60 start \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $directory -c fsync=${DEV_POSTGRES_FSYNC:-off} -c max_connections=200" >/dev/null ||
        { cat "$directory/postgres.log" >&2; exit 1; }
    "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q \
        -c "CREATE ROLE hearth LOGIN" -c "CREATE DATABASE hearth OWNER hearth" >/dev/null
    echo "postgres://hearth@127.0.0.1:$port/hearth?sslmode=disable"
    ;;
stop)
    directory="$(cd "$directory" && pwd)"
    pid="$(head -n 1 "$directory/data/postmaster.pid" 2>/dev/null || true)"
    [[ -n "$pid" ]] || exit 0
    kill -INT "$pid" 2>/dev/null || exit 0
    for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || exit 0
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    ;;
*)
    echo "usage: $0 start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
