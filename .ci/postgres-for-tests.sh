# Sourced by .ci/run: a throwaway PostgreSQL on a Unix socket for the tests that need a real
# server (payments submitted at once on separate connections), exported as TEST_DATABASE_URL.
# Debian's package provides the binaries and the postgres user; the cluster lives in a temporary
# directory and stops when the run ends.

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    echo "Installing Debian's PostgreSQL for the database tests"
    apt_install postgresql
  fi
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  PG_DIR="$(mktemp -d /tmp/pbp-postgres.XXXXXX)"
  # PostgreSQL refuses to run as root: the package's postgres user runs it then.
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres:postgres "$PG_DIR"
    AS_PG=(runuser -u postgres --)
  else
    AS_PG=()
  fi
  "${AS_PG[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust >/dev/null
  "${AS_PG[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-c listen_addresses='' -k $PG_DIR" start >/dev/null
  stop_postgres() {
    "${AS_PG[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null || true
    rm -rf "$PG_DIR"
  }
  trap stop_postgres EXIT
  export TEST_DATABASE_URL="postgresql://postgres@localhost/postgres?host=$PG_DIR"
fi
