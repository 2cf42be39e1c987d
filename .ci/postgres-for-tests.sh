# Sourced by .ci/run: a throwaway PostgreSQL on a Unix socket for the tests that need a real
# server (payments submitted at once on separate connections, a database restart under a running
# server), exported as TEST_DATABASE_URL. Its user is the cluster's superuser, which the tests use
# only to make each test file a database of its own with the two roles production has, an owner
# and the server's role (server/test/postgres-servers.ts). Debian's package provides the binaries
# and the postgres user; the cluster lives in a temporary directory and stops when the run ends.

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    echo "Installing Debian's PostgreSQL for the database tests"
    apt_install postgresql
  fi
  PG_DIR="$(mktemp -d /tmp/pbp-postgres.XXXXXX)"
  .ci/postgres-cluster.sh init "$PG_DIR"
  TEST_DATABASE_URL="$(.ci/postgres-cluster.sh start "$PG_DIR")"
  stop_postgres() {
    .ci/postgres-cluster.sh stop "$PG_DIR" || true
    rm -rf "$PG_DIR"
  }
  trap stop_postgres EXIT
  export TEST_DATABASE_URL
fi
