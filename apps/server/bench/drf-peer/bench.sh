#!/usr/bin/env bash
# Side-by-side benchmark: toydesk vs the Django REST framework peer (gunicorn sync, 1, 3 and 5 workers) vs a
# raw node:http + pg "limit" server, on the same PostgreSQL database (peer_toydesk), in one run.
# Starts every server itself, logs in to each, warms up, runs ROUNDS interleaved rounds (the order of the
# servers rotates every round), checks correctness, then stops what it started (by PID).
# Needs setup.sh to have run once. See README.md.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
CLONE=${CLONE:-$(git rev-parse --show-toplevel 2>/dev/null || pwd)}
STATE=${STATE:-/tmp/drf-peer-state}
OUT=${OUT:-/tmp/drf-peer-results/run-$(date +%Y%m%d-%H%M)}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-8s}
WARMUP=${WARMUP:-2s}
CONC=${CONC:-8}
SEQ=${SEQ:-10}
PGURL=postgres://postgres@127.0.0.1:5432/peer_toydesk
TD=http://127.0.0.1:18380 D1=http://127.0.0.1:18381 D3=http://127.0.0.1:18382 D5=http://127.0.0.1:18384 RAW=http://127.0.0.1:18383
mkdir -p "$OUT" "$STATE"
: > "$OUT/runs.jsonl"
: > "$OUT/sequential.jsonl"
: > "$OUT/service.jsonl"
: > "$OUT/loadavg.txt"
log() { echo "[bench $(date +%H:%M:%S)] $*" | tee -a "$OUT/bench.log"; }
: > "$OUT/bench.log"

# ---- processes we start, stopped by PID (the whole tree of each) on exit ----------------------------------
ROOTS=()
tree() { local p=$1; echo "$p"; for c in $(pgrep -P "$p" || true); do tree "$c"; done; }
cleanup() {
  local all=()
  for r in "${ROOTS[@]}"; do all+=($(tree "$r")); done
  [ ${#all[@]} -eq 0 ] && return
  log "stopping ${#all[@]} processes: ${all[*]}"
  for p in "${all[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for _ in $(seq 1 50); do
    local alive=0
    for p in "${all[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive -eq 0 ] && break
    sleep 0.2
  done
  for p in "${all[@]}"; do kill -KILL "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

wait_http() { # url
  for _ in $(seq 1 240); do
    curl -s -o /dev/null "$1" && return 0
    sleep 0.5
  done
  echo "no answer from $1" >&2; exit 1
}
port_pid() { ss -ltnpH "sport = :$1" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2; }

for port in 18380 18381 18382 18383 18384; do
  if [ -n "$(port_pid $port)" ]; then echo "port $port is busy (pid $(port_pid $port)); stop it first" >&2; exit 1; fi
done

{
  echo "date: $(date -u +%FT%TZ)"; echo "host: $(uname -srm), $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB"
  echo "node $(node --version); $(/usr/bin/python3 -c 'import django, rest_framework, django_filters; print("python", __import__("sys").version.split()[0], "django", django.__version__, "drf", rest_framework.__version__, "django-filter", django_filters.__version__)'); $(/usr/bin/gunicorn --version 2>&1 | tr -d '()'); $(wrk -v 2>&1 | head -1 | cut -c1-30)"
  echo "postgres: $(psql -h 127.0.0.1 -U postgres -Atc 'show server_version')"
  echo "toydesk commit: $(git -C "$CLONE" log --oneline -1)"
  psql -h 127.0.0.1 -U postgres -d peer_toydesk -Atc "SELECT 'rows: steam_account ' || (SELECT count(*) FROM steam_account) || ', market_account ' || (SELECT count(*) FROM market_account) || ', toy ' || (SELECT count(*) FROM toy) || ', market_toy ' || (SELECT count(*) FROM market_toy) || ', toy_history ' || (SELECT count(*) FROM toy_history)"
  echo "settings: rounds $ROUNDS, wrk -t1 -c$CONC -d$DURATION (warm-up $WARMUP), $SEQ sequential requests for case d"
} > "$OUT/environment.txt"
cat "$OUT/environment.txt" | tee -a "$OUT/bench.log"
top -bn1 -w 160 | head -20 > "$OUT/top-before.txt"

# ---- servers ------------------------------------------------------------------------------------------------
log "building toydesk when its bundles are stale (npm start's own check), then npm run start:server"
(cd "$CLONE" && npx tsx deploy/build/main.ts --if-stale) >> "$OUT/bench.log" 2>&1
log "starting toydesk (npm run start:server, PostgreSQL, TOYDESK_DEMO=0: the data is already there)"
(cd "$CLONE" && DATABASE_URL=$PGURL TOYDESK_SECRET_KEY=$(cat "$STATE/secret.key") TOYDESK_DEMO=0 \
  TOYDESK_ADMIN_USER=admin TOYDESK_ADMIN_PASSWORD=bench-password-1 PORT=18380 \
  exec npm run start:server) > "$OUT/toydesk.log" 2>&1 &
ROOTS+=($!)
log "starting DRF peer: gunicorn sync, 1 worker on 18381, 3 workers on 18382, 5 (2 x cores + 1) on 18384"
(cd "$HERE/django" && exec /usr/bin/gunicorn drfpeer.wsgi:application -b 127.0.0.1:18381 -w 1 -k sync --timeout 300) \
  > "$OUT/gunicorn-1w.log" 2>&1 &
ROOTS+=($!); G1=$!
(cd "$HERE/django" && exec /usr/bin/gunicorn drfpeer.wsgi:application -b 127.0.0.1:18382 -w 3 -k sync --timeout 300) \
  > "$OUT/gunicorn-3w.log" 2>&1 &
ROOTS+=($!); G3=$!
(cd "$HERE/django" && exec /usr/bin/gunicorn drfpeer.wsgi:application -b 127.0.0.1:18384 -w 5 -k sync --timeout 300) \
  > "$OUT/gunicorn-5w.log" 2>&1 &
ROOTS+=($!); G5=$!
log "starting the raw limit server (node:http + pg) on 18383"
CLONE=$CLONE STATE=$STATE PORT=18383 DATABASE_URL=$PGURL node "$HERE/raw/raw-limit.mjs" > "$OUT/raw-limit.log" 2>&1 &
ROOTS+=($!)
wait_http $TD/api/frontend/common; wait_http $D1/api/steam/accounts/; wait_http $D3/api/steam/accounts/; wait_http $D5/api/steam/accounts/; wait_http $RAW/
TD_PID=$(port_pid 18380)
G1_PIDS="$G1 $(pgrep -P $G1 | tr '\n' ' ')"
G3_PIDS="$G3 $(pgrep -P $G3 | tr '\n' ' ')"
G5_PIDS="$G5 $(pgrep -P $G5 | tr '\n' ' ')"
RAW_PID=$(port_pid 18383)
SERVER_PIDS="$TD_PID $G1_PIDS $G3_PIDS $G5_PIDS $RAW_PID"
log "pids: toydesk server $TD_PID; gunicorn-1w master+workers $G1_PIDS; gunicorn-3w master+workers $G3_PIDS; gunicorn-5w master+workers $G5_PIDS; raw $RAW_PID"

# ---- sessions -----------------------------------------------------------------------------------------------
jar=$STATE/td.jar; rm -f "$jar"
curl -s -c "$jar" -o /dev/null $TD/api/frontend/common      # hands out XSRF-TOKEN (401 otherwise)
x=$(awk '$6=="XSRF-TOKEN"{print $7}' "$jar")
curl -sf -c "$jar" -b "$jar" -H "X-XSRF-TOKEN: $x" -H 'Content-Type: application/json' \
  -d '{"username":"admin","password":"bench-password-1"}' $TD/api/accounts/login/ > /dev/null
TD_X=$(awk '$6=="XSRF-TOKEN"{print $7}' "$jar")
TD_COOKIE="toydesk_session=$(awk '$6=="toydesk_session"{print $7}' "$jar"); XSRF-TOKEN=$TD_X"
jar=$STATE/drf.jar; rm -f "$jar"
curl -sf -c "$jar" -H 'Content-Type: application/json' -d '{"username":"admin","password":"bench-password-1"}' \
  $D1/api/accounts/login/ > /dev/null
DRF_X=$(awk '$6=="XSRF-TOKEN"{print $7}' "$jar")
DRF_COOKIE="sessionid=$(awk '$6=="sessionid"{print $7}' "$jar"); XSRF-TOKEN=$DRF_X"
log "logged in to toydesk and to the DRF peer (Django sessions are shared by both gunicorns)"

# ---- cases ----------------------------------------------------------------------------------------------------
# case -> method, toydesk path; DRF uses the same path, "-sum" servers the summary-table variant.
declare -A METHOD PATHS SERVERS
METHOD[a]=GET;  PATHS[a]='/api/steam/accounts/?page=1&page_size=100'
SERVERS[a]='toydesk drf-1w drf-3w drf-5w raw'
METHOD[b]=GET;  PATHS[b]='/api/toy/history/?market=tm&side=sell&ordering=-date&page=300&page_size=100'
SERVERS[b]='toydesk drf-1w drf-3w drf-5w'
METHOD[c]=GET;  PATHS[c]='/api/market/toys/?page_size=100&market=tm&search=AK-47'
SERVERS[c]='toydesk drf-1w drf-3w drf-5w'
METHOD[e1]=GET; PATHS[e1]='/api/toy/history-stats/stats-by-date/'
SERVERS[e1]='toydesk drf-1w drf-3w drf-5w drf-1w-sum drf-3w-sum drf-5w-sum'
METHOD[e2]=POST; PATHS[e2]='/api/history/toy-stats/get-filtered-avg-stats-by-name/'
SERVERS[e2]='toydesk drf-1w drf-3w drf-5w drf-1w-sum drf-3w-sum drf-5w-sum'
# f: a list the console opens first that the shared peer lacks (the market accounts screen, session 14).
METHOD[f]=GET;  PATHS[f]='/api/market/accounts/?page=1&page_size=100'
SERVERS[f]='toydesk drf-1w drf-3w drf-5w'
CASES=${CASES:-'a b c e1 e2 f'}

target() { # server case -> "URL|COOKIE|XSRF"
  local s=$1 c=$2 p=${PATHS[$2]}
  case $s in *-sum) p="${p%/}-summary/" ;; esac
  case $s in
    toydesk) echo "$TD$p|$TD_COOKIE|$TD_X" ;;
    raw) echo "$RAW$p|$TD_COOKIE|$TD_X" ;;
    drf-1w*) echo "$D1$p|$DRF_COOKIE|$DRF_X" ;;
    drf-3w*) echo "$D3$p|$DRF_COOKIE|$DRF_X" ;;
    drf-5w*) echo "$D5$p|$DRF_COOKIE|$DRF_X" ;;
  esac
}
# Between two runs, wait until every server is idle: a run ends with requests still queued (gunicorn's sync
# workers take the connections wrk left in the listen backlog one by one, and finish them after wrk has gone;
# toydesk and the raw server finish their in-flight queries too), which would otherwise load the next run.
# Idle: the servers' processes used < 3 CPU ticks in 0.3 s, twice in a row, and no query of ours is active.
cpu_ticks() {
  local sum=0 t
  for p in $SERVER_PIDS; do t=$(awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || echo 0); sum=$((sum + t)); done
  echo $sum
}
pg_active() {
  psql -h 127.0.0.1 -U postgres -d postgres -Atc "SELECT count(*) FROM pg_stat_activity WHERE datname IN \
    ('peer_toydesk', 'peer_django') AND state = 'active' AND pid <> pg_backend_pid()"
}
quiesce() {
  local idle=0 t0 t1 start=$SECONDS
  for _ in $(seq 1 400); do
    t0=$(cpu_ticks); sleep 0.3; t1=$(cpu_ticks)
    if [ $((t1 - t0)) -lt 3 ] && [ "$(pg_active)" = 0 ]; then
      idle=$((idle + 1)); [ $idle -ge 2 ] && break
    else
      idle=0
    fi
  done
  [ $((SECONDS - start)) -gt 2 ] && log "  (waited $((SECONDS - start)) s for the servers to finish queued requests)"
  return 0
}
# CPU accounting: utime+stime (clock ticks) of the servers' processes ("app") and of our databases' client
# backends ("pg"), before and after a window; a backend that appears in the window counts whole.
TCK=$(getconf CLK_TCK)
pg_backend_pids() {
  psql -h 127.0.0.1 -U postgres -d postgres -Atc "SELECT pid FROM pg_stat_activity WHERE datname IN \
    ('peer_toydesk', 'peer_django') AND backend_type = 'client backend' AND pid <> pg_backend_pid()"
}
snapshot() { # file
  {
    for p in $SERVER_PIDS; do echo "app $p $(awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || echo 0)"; done
    for p in $(pg_backend_pids); do echo "pg $p $(awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || echo 0)"; done
  } > "$1"
}
delta_ms() { # before after kind -> milliseconds of CPU
  awk -v k="$3" -v tck="$TCK" 'NR == FNR { if ($1 == k) b[$2] = $3; next }
    $1 == k { d += $3 - (($2 in b) ? b[$2] : 0) } END { printf "%.0f", d * 1000 / tck }' "$1" "$2"
}
rotate() { # n words... -> words rotated left by n
  local n=$1; shift; local w=("$@"); local k=${#w[@]}
  for ((i = 0; i < k; i++)); do printf '%s ' "${w[$(((i + n) % k))]}"; done
}
wrk_run() { # round case server duration
  local r=$1 c=$2 s=$3 d=$4 t url cookie x load line
  t=$(target "$s" "$c"); url=${t%%|*}; t=${t#*|}; cookie=${t%%|*}; x=${t#*|}
  quiesce
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  line=$(WRK_METHOD=${METHOD[$c]} WRK_BODY='{}' wrk -t1 -c"$CONC" -d"$d" --timeout 120s -s "$HERE/wrk-report.lua" \
    -H "Cookie: $cookie" -H "X-XSRF-TOKEN: $x" "$url" | grep '^RESULT ' | cut -c8-)
  if [ "$r" != warmup ]; then
    echo "{\"round\":$r,\"case\":\"$c\",\"server\":\"$s\",\"load\":\"$load\",${line#\{}" >> "$OUT/runs.jsonl"
  fi
  log "round $r $c $s: $(echo "$line" | grep -o '"rps":[0-9.]*\|"p50_ms":[0-9.]*\|"err_status":[0-9]*\|"err_timeout":[0-9]*' | tr '\n' ' ')(load $load)"
}
sequential_run() { # round server
  local r=$1 s=$2 base cookie pids times=() load
  case $s in
    toydesk) base=$TD; cookie=$TD_COOKIE; pids=$TD_PID ;;
    drf-1w) base=$D1; cookie=$DRF_COOKIE; pids=$G1_PIDS ;;
    drf-3w) base=$D3; cookie=$DRF_COOKIE; pids=$G3_PIDS ;;
    drf-5w) base=$D5; cookie=$DRF_COOKIE; pids=$G5_PIDS ;;
  esac
  quiesce
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  snapshot "$STATE/snap0"
  /usr/bin/python3 "$HERE/rss-sampler.py" "$STATE/rss.json" $pids &
  local sampler=$!
  sleep 0.2
  local codes=""
  for _ in $(seq 1 "$SEQ"); do
    local res
    res=$(curl -s -o /dev/null -w '%{time_total} %{http_code} %{size_download}' -H "Cookie: $cookie" \
      "$base/api/steam/accounts/?page_size=999999")
    times+=("$(echo "$res" | cut -d' ' -f1)"); codes+="$(echo "$res" | cut -d' ' -f2,3) "
  done
  kill -TERM $sampler; wait $sampler || true
  snapshot "$STATE/snap1"
  local app pg
  app=$(delta_ms "$STATE/snap0" "$STATE/snap1" app); pg=$(delta_ms "$STATE/snap0" "$STATE/snap1" pg)
  local tj; tj=$(printf '%s,' "${times[@]}"); tj="[${tj%,}]"
  echo "{\"round\":\"$r\",\"server\":\"$s\",\"load\":\"$load\",\"times_s\":$tj,\"status_bytes\":\"${codes% }\",\"app_cpu_ms\":$app,\"pg_cpu_ms\":$pg,\"rss\":$(cat "$STATE/rss.json")}" \
    >> "$OUT/sequential.jsonl"
  log "round $r d $s: times ${times[*]} (load $load)"
}

service_run() { # round case server: one client, sequential requests (20, or fewer once 8 s have passed, at
  # least 3): wall time per request without queueing, and the CPU each request costs the server and PostgreSQL
  local r=$1 c=$2 s=$3 t url cookie x load times=() codes="" n=0 start res
  t=$(target "$s" "$c"); url=${t%%|*}; t=${t#*|}; cookie=${t%%|*}; x=${t#*|}
  local post=()
  [ "${METHOD[$c]}" = POST ] && post=(-X POST -H 'Content-Type: application/json' -d '{}')
  quiesce
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  snapshot "$STATE/snap0"
  start=$SECONDS
  while :; do
    res=$(curl -s -o /dev/null -w '%{time_total} %{http_code}' -H "Cookie: $cookie" -H "X-XSRF-TOKEN: $x" \
      "${post[@]}" "$url")
    times+=("${res% *}"); codes+="${res#* } "; n=$((n + 1))
    [ $n -ge 20 ] && break
    [ $n -ge 3 ] && [ $((SECONDS - start)) -ge 8 ] && break
  done
  snapshot "$STATE/snap1"
  local app pg tj
  app=$(delta_ms "$STATE/snap0" "$STATE/snap1" app); pg=$(delta_ms "$STATE/snap0" "$STATE/snap1" pg)
  tj=$(printf '%s,' "${times[@]}"); tj="[${tj%,}]"
  echo "{\"round\":$r,\"case\":\"$c\",\"server\":\"$s\",\"load\":\"$load\",\"n\":$n,\"times_s\":$tj,\"codes\":\"${codes% }\",\"app_cpu_ms\":$app,\"pg_cpu_ms\":$pg}" \
    >> "$OUT/service.jsonl"
  log "round $r $c $s sequential: $n requests, app CPU $((app / n)) ms/req, pg CPU $((pg / n)) ms/req (load $load)"
}

# ---- warm-up ------------------------------------------------------------------------------------------------
log "warm-up: every case on every server for $WARMUP, 2 requests of case d each"
for c in $CASES; do for s in ${SERVERS[$c]}; do wrk_run warmup "$c" "$s" "$WARMUP"; done; done
for s in toydesk drf-1w drf-3w drf-5w; do
  t=$(target "$s" a); url=${t%%|*}; t=${t#*|}; cookie=${t%%|*}
  for _ in 1 2 3; do curl -s -o /dev/null -H "Cookie: $cookie" "${url%%\?*}?page_size=999999"; done
done

# ---- rounds ---------------------------------------------------------------------------------------------------
for r in $(seq 1 "$ROUNDS"); do
  echo "round $r: $(uptime)" >> "$OUT/loadavg.txt"
  log "=== round $r: $(uptime | sed 's/.*load/load/')"
  for c in $CASES; do
    for s in $(rotate $((r - 1)) ${SERVERS[$c]}); do wrk_run "$r" "$c" "$s" "$DURATION"; done
  done
  for c in $CASES; do
    for s in $(rotate $((r - 1)) ${SERVERS[$c]}); do service_run "$r" "$c" "$s"; done
  done
  for s in $(rotate $((r - 1)) toydesk drf-1w drf-3w drf-5w); do sequential_run "$r" "$s"; done
done
echo "end: $(uptime)" >> "$OUT/loadavg.txt"
top -bn1 -w 160 | head -20 > "$OUT/top-after.txt"

# ---- correctness and summary -------------------------------------------------------------------------------
quiesce
log "correctness check"
/usr/bin/python3 "$HERE/compare.py" $TD "$TD_COOKIE" "$TD_X" $D1 "$DRF_COOKIE" "$DRF_X" $RAW \
  > "$OUT/correctness.md" 2> "$OUT/correctness-keys.txt" || log "correctness: DIFFERENCES (see correctness.md)"
cat "$OUT/correctness.md" | tee -a "$OUT/bench.log"
# toydesk logs every request at its default level (info): keep the start and the end of that log only.
n=$(wc -l < "$OUT/toydesk.log")
if [ "$n" -gt 40 ]; then
  { head -15 "$OUT/toydesk.log"
    echo "[... $((n - 20)) lines elided by bench.sh: Fastify's per-request info logs (toydesk's default TOYDESK_LOG_LEVEL=info) ...]"
    tail -5 "$OUT/toydesk.log"; } > "$OUT/toydesk.log.trim"
  mv "$OUT/toydesk.log.trim" "$OUT/toydesk.log"
fi
/usr/bin/python3 "$HERE/summarize.py" "$OUT" > "$OUT/summary.md"
cat "$OUT/summary.md"
log "done"
