#!/usr/bin/env bash
# A throwaway PostgreSQL cluster in a directory, on a Unix socket in that directory (no TCP port).
#   postgres-cluster.sh init DIR    create the cluster
#   postgres-cluster.sh start DIR   start it and print its connection URL
#   postgres-cluster.sh stop DIR    stop it (fast: connections are ended, as in a restart)
# Debian's postgresql package provides the binaries; as root the package's postgres user runs them.
set -euo pipefail
command="${1:?init, start or stop}"
dir="${2:?the cluster directory}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -n "$bin" ] || { echo "Debian's postgresql is not installed" >&2; exit 1; }
as_pg=()
if [ "$(id -u)" -eq 0 ]; then as_pg=(runuser -u postgres --); fi
case "$command" in
  init)
    mkdir -p "$dir"
    if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$dir"; fi
    "${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
    ;;
  start)
    "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-c listen_addresses='' -k $dir" start >/dev/null
    echo "postgresql://postgres@localhost/postgres?host=$dir"
    ;;
  stop)
    "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  *)
    echo "unknown command: $command" >&2
    exit 1
    ;;
esac
