#!/usr/bin/env bash
# Starts this machine's Postgres and Redis when they are installed but stopped, and waits until they answer: the one
# place that knows how (docs/operations.md). Run by .ci/run, by `npm start` and `npm test` (scripts/prepare-machine.mjs)
# and by `npm run chaos`; named by the hint `npm start` prints when one of them cannot be reached.
#
#   scripts/start-databases.sh                    both, Redis on 6379
#   scripts/start-databases.sh --postgres         Postgres only
#   scripts/start-databases.sh --redis            Redis only
#   scripts/start-databases.sh --redis-port 6390  Redis on another port (a Redis of its own: nothing kept on disk)
#
# Starting something that already answers does nothing. Exits non-zero if one does not answer within 30 s.
set -euo pipefail

postgres=false
redis=false
redis_port=6379
postgres_port=5432
while [ $# -gt 0 ]; do
  case "$1" in
    --postgres) postgres=true ;;
    --redis) redis=true ;;
    --redis-port)
      redis=true
      redis_port="${2:?--redis-port needs a port}"
      shift
      ;;
    --postgres-port)
      postgres=true
      postgres_port="${2:?--postgres-port needs a port}"
      shift
      ;;
    *)
      echo "Usage: $0 [--postgres] [--redis] [--redis-port PORT] [--postgres-port PORT]" >&2
      exit 2
      ;;
  esac
  shift
done
if [ "$postgres" = false ] && [ "$redis" = false ]; then
  postgres=true
  redis=true
fi

postgres_answers() { pg_isready -h 127.0.0.1 -p "$postgres_port" -q; }
redis_answers() { [ "$(redis-cli -h 127.0.0.1 -p "$redis_port" ping 2>/dev/null)" = PONG ]; }

# Polls `$1` every 0.2 s for 30 s.
wait_for() {
  for _ in $(seq 1 150); do
    "$1" && return 0
    sleep 0.2
  done
  return 1
}

status=0

if [ "$postgres" = true ] && ! postgres_answers; then
  if ! command -v pg_ctlcluster >/dev/null || [ ! -d /etc/postgresql ]; then
    echo "Postgres does not answer on port $postgres_port, and pg_ctlcluster is not here to start it: start it yourself." >&2
    status=1
  else
    echo "Starting Postgres: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
    if ! wait_for postgres_answers; then
      echo "Postgres did not answer on port $postgres_port within 30 s." >&2
      status=1
    fi
  fi
fi

if [ "$redis" = true ] && ! redis_answers; then
  if ! command -v redis-server >/dev/null; then
    echo "Redis does not answer on port $redis_port, and redis-server is not here to start it: start it yourself." >&2
    status=1
  else
    if [ "$redis_port" = 6379 ]; then
      # The machine's Redis.
      mkdir -p /var/lib/redis /var/log/redis
      where=(--dir /var/lib/redis --logfile /var/log/redis/ci.log)
    else
      # A Redis of a run's own (npm run chaos with CHAOS_REDIS_PORT): it keeps nothing.
      where=(--dir /tmp --logfile "/tmp/redis-$redis_port.log")
    fi
    echo "Starting Redis on port $redis_port"
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$redis_port" --save "" --appendonly no "${where[@]}"
    if ! wait_for redis_answers; then
      echo "Redis did not answer on port $redis_port within 30 s." >&2
      status=1
    fi
  fi
fi

exit "$status"
