#!/usr/bin/env bash
# Install (Debian's package), start and prepare a PostgreSQL server for the store's tests; prints the URL.
# Idempotent: run it again and it only starts what is not running. Needs root (CI runs as root).
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
pg_lsclusters -h | grep -q "^$version main" || pg_createcluster "$version" main >&2
pg_ctlcluster "$version" main start >&2 2>/dev/null || true
port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
for _ in $(seq 50); do pg_isready -q -h 127.0.0.1 -p "$port" && break; sleep 0.2; done
psql_as_postgres() { su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -tAc \"$1\""; }
[ "$(psql_as_postgres "SELECT 1 FROM pg_roles WHERE rolname='meikyu'")" = 1 ] ||
  psql_as_postgres "CREATE ROLE meikyu LOGIN PASSWORD 'meikyu' CREATEDB" >&2
[ "$(psql_as_postgres "SELECT 1 FROM pg_database WHERE datname='meikyu'")" = 1 ] ||
  psql_as_postgres "CREATE DATABASE meikyu OWNER meikyu" >&2
echo "postgresql://meikyu:meikyu@127.0.0.1:$port/meikyu"
