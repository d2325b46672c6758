#!/usr/bin/env bash
# One-time setup of the peer benchmark (see README.md). Idempotent where it can be:
#   1. Debian packages (Django 3.2, DRF, django-filter, psycopg2, gunicorn, wrk);
#   2. a clean clone of toydesk at $CLONE with npm install;
#   3. databases peer_toydesk (toydesk's, demo data + the large rows of seed-large.sh) and peer_django
#      (Django's own auth and session tables), a Django user admin / bench-password-1.
# The vault key toydesk needs with DATABASE_URL is kept in $STATE/secret.key: losing it means dropping
# peer_toydesk and running this again.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# The toydesk checkout to measure: by default the repository this is run from.
CLONE=${CLONE:-$(git rev-parse --show-toplevel 2>/dev/null || pwd)}
STATE=${STATE:-/tmp/drf-peer-state}
SOURCE=${SOURCE:-$CLONE}
PSQL=(psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qAt)
mkdir -p "$STATE"

if ! /usr/bin/python3 -c 'import django, rest_framework, django_filters, psycopg2' 2>/dev/null \
  || ! command -v wrk > /dev/null || [ ! -x /usr/bin/gunicorn ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y python3-django python3-djangorestframework \
    python3-django-filters python3-psycopg2 gunicorn wrk
fi

if [ ! -d "$CLONE/.git" ]; then git clone -q "$SOURCE" "$CLONE"; fi
[ -d "$CLONE/node_modules" ] || (cd "$CLONE" && npm install --no-audit --no-fund)

[ -f "$STATE/secret.key" ] || openssl rand -hex 32 > "$STATE/secret.key"
for db in peer_toydesk peer_django; do
  if [ -z "$("${PSQL[@]}" -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$db'")" ]; then
    "${PSQL[@]}" -d postgres -c "CREATE DATABASE $db"
  fi
done

# toydesk's first start migrates peer_toydesk and loads its demo data (the demo launcher, dist/demo.js, with
# TOYDESK_DEMO=1: only it loads demo data since issue 13), then stops.
if [ "$("${PSQL[@]}" -d peer_toydesk -c "SELECT count(*) FROM pg_tables WHERE tablename = 'toy_history'")" = 0 ] \
  || [ "$("${PSQL[@]}" -d peer_toydesk -c 'SELECT count(*) FROM toy_history')" = 0 ]; then
  (cd "$CLONE" && DATABASE_URL=postgres://postgres@127.0.0.1:5432/peer_toydesk \
    TOYDESK_SECRET_KEY=$(cat "$STATE/secret.key") TOYDESK_DEMO=1 TOYDESK_ADMIN_USER=admin \
    TOYDESK_ADMIN_PASSWORD=bench-password-1 PORT=18380 \
    sh -c 'npx tsx deploy/build/main.ts --if-stale && exec node --enable-source-maps dist/demo.js') \
    > "$STATE/toydesk-setup.log" 2>&1 &
  root=$!
  for _ in $(seq 1 300); do grep -q 'listening on' "$STATE/toydesk-setup.log" && break; sleep 1; done
  tree() { local p=$1; echo "$p"; for c in $(pgrep -P "$p" || true); do tree "$c"; done; }
  pids=$(tree $root)
  for p in $pids; do kill -TERM "$p" 2>/dev/null || true; done
  sleep 3
  grep -q 'demo data loaded' "$STATE/toydesk-setup.log" || { echo "toydesk did not load its demo data" >&2; exit 1; }
fi

DB=peer_toydesk "$HERE/seed-large.sh"

(cd "$HERE/django" && /usr/bin/python3 manage.py migrate --database default -v 0)
if [ "$("${PSQL[@]}" -d peer_django -c "SELECT count(*) FROM auth_user WHERE username = 'admin'")" = 0 ]; then
  (cd "$HERE/django" && DJANGO_SUPERUSER_PASSWORD=bench-password-1 /usr/bin/python3 manage.py createsuperuser \
    --noinput --username admin --email admin@example.com --database default)
fi
# The SQL the raw-limit server runs, built by toydesk's own code.
(cd "$CLONE" && STATE=$STATE npx tsx apps/server/bench/drf-peer/raw/gen-raw-sql.ts)
echo "setup done"
