#!/usr/bin/env bash
# CI's scale phase (issue 37): the image as two web instances and a worker against this machine's PostgreSQL
# (127.0.0.1:5432, a fresh database) and Redis (127.0.0.1:6379), behind HAProxy (health checks on readiness,
# WebSocket upgrade, draining), every container with --network host on its own free port. Proves, as a client:
#   1. a chat message sent through one web instance arrives live on a socket connected to the other, and through
#      the balancer's WebSocket;
#   2. the worker is killed (SIGKILL) and a second one takes the jobs over: the safety escalation job's last
#      success on the second worker's /metrics is later than the kill;
#   3. a rolling restart of both web instances under steady signed-in calls ends with 0 failed requests: each is
#      drained at HAProxy, stopped with SIGTERM, started again and let back in once its checks pass.
# Needs the image (CORDATA_IMAGE, default localhost/cordata:latest), podman, runc, haproxy and socat.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF=${CONTAINERS_CONF:-$PWD/deploy/podman/containers.conf}
IMAGE=${CORDATA_IMAGE:-localhost/cordata:latest}
began=$(date +%s.%N)
say() { printf '[scale %6.1fs] %s\n' "$(echo "$(date +%s.%N) - $began" | bc)" "$*"; }
# HAProxy checks the web instances; the image's own HEALTHCHECK would need systemd timers, absent here.
pm() { podman --runtime runc --cgroup-manager cgroupfs "$@"; }

pm image exists "$IMAGE" || { echo "no image $IMAGE: build it first (deploy/build-image.sh)"; exit 1; }

work=$(mktemp -d)
run_id=$$
database=cordata_scale_$run_id
containers=()
cleanup() {
  [ -f "$work/haproxy.pid" ] && kill "$(cat "$work/haproxy.pid")" 2>/dev/null || true
  for c in "${containers[@]}"; do pm rm -f -t 0 "$c" >/dev/null 2>&1 || true; done
  psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

free_ports() {
  node -e '
    const net = require("node:net");
    const take = () => new Promise((r) => { const s = net.createServer().listen(0, "127.0.0.1", () => r(s)); });
    Promise.all(Array.from({ length: +process.argv[1] }, take)).then((servers) => {
      console.log(servers.map((s) => s.address().port).join(" "));
      for (const s of servers) s.close();
    });' "$1"
}
read -r web1_port web2_port worker1_port worker2_port lb_port <<<"$(free_ports 5)"

psql -q -h 127.0.0.1 -U postgres -c "CREATE DATABASE $database" >/dev/null
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/$database
export REDIS_URL=redis://127.0.0.1:6379
export JWT_SECRET=$(head -c 36 /dev/urandom | base64 | tr -d '\n/+')
METRICS_TOKEN=$(head -c 36 /dev/urandom | base64 | tr -d '\n/+')
# The secrets reach the containers through their environment, never on a command line.
env_file=$work/cordata.env
cat >"$env_file" <<EOF
NODE_ENV=production
PUBLIC_URL=http://127.0.0.1:$lb_port
HOST=127.0.0.1
DATABASE_URL=$DATABASE_URL
REDIS_URL=$REDIS_URL
JWT_SECRET=$JWT_SECRET
METRICS_TOKEN=$METRICS_TOKEN
TRUST_PROXY=loopback
LOG_LEVEL=warn
SAFETY_JOB_EVERY_MS=1000
EOF
chmod 600 "$env_file"

# start NAME ROLE PORT: a detached container of the image.
start() {
  pm run -d --name "cordata-scale-$run_id-$1" --network host --no-healthcheck --env-file "$env_file" \
    -e CORDATA_ROLE="$2" -e PORT="$3" "$IMAGE" >/dev/null
  containers+=("cordata-scale-$run_id-$1")
}
ready() {
  local deadline=$(($(date +%s) + 90))
  until curl -fs -o /dev/null "http://127.0.0.1:$1/healthz"; do
    [ "$(date +%s)" -lt "$deadline" ] || { say "port $1 not ready in 90 s"; pm logs "cordata-scale-$run_id-$2" | tail -n 30; exit 1; }
    sleep 0.2
  done
}

say "migrate (CORDATA_ROLE=migrate) into $database"
pm run --rm --network host --no-healthcheck --env-file "$env_file" -e CORDATA_ROLE=migrate "$IMAGE"
say "web1 :$web1_port, web2 :$web2_port, worker1 :$worker1_port"
start web1 web "$web1_port"
start web2 web "$web2_port"
start worker1 worker "$worker1_port"
ready "$web1_port" web1
ready "$web2_port" web2
ready "$worker1_port" worker1
say "all three ready; non-root: $(pm exec "cordata-scale-$run_id-web1" id -u)"
[ "$(pm exec "cordata-scale-$run_id-web1" id -u)" != 0 ]

cat >"$work/haproxy.cfg" <<EOF
global
  stats socket $work/haproxy.sock mode 600 level admin
  pidfile $work/haproxy.pid
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A socket stays open an hour without traffic (the app pings it anyway).
  timeout tunnel 1h
  option redispatch
  option forwardfor
  retries 3
  retry-on conn-failure empty-response
frontend cordata
  bind 127.0.0.1:$lb_port
  default_backend web
backend web
  balance roundrobin
  # Readiness: /healthz answers 200 only while the database does.
  option httpchk GET /healthz
  http-check expect status 200
  default-server check inter 1s fall 2 rise 2
  server web1 127.0.0.1:$web1_port
  server web2 127.0.0.1:$web2_port
EOF
haproxy -D -f "$work/haproxy.cfg"
lb() { echo "$*" | socat stdio "unix-connect:$work/haproxy.sock"; }
in_balancer() { lb "show servers state web" | awk -v s="$1" '$4 == s { up = ($6 == 2) } END { exit !up }'; }
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$lb_port/healthz")" = 200 ]; do sleep 0.2; done
say "HAProxy on :$lb_port"

seed=$(DATABASE_URL=$DATABASE_URL JWT_SECRET=$JWT_SECRET npx tsx deploy/test/scale-client.ts seed)
client() { npx tsx deploy/test/scale-client.ts "$@" <<<"$seed"; }

say "1. chat across the replicas"
client chat "http://127.0.0.1:$web1_port" "http://127.0.0.1:$web2_port" "http://127.0.0.1:$lb_port"

say "2. the worker killed, a second takes over"
last_success() {
  curl -fsS -H "authorization: Bearer $METRICS_TOKEN" "http://127.0.0.1:$1/metrics" |
    awk '/^cordata_job_last_success_timestamp_seconds\{job="safety-escalation"\}/ { print $2 }'
}
until [ -n "$(last_success "$worker1_port")" ]; do sleep 0.2; done
say "worker1's last safety-escalation run: $(last_success "$worker1_port")"
pm kill -s KILL "cordata-scale-$run_id-worker1" >/dev/null
killed_at=$(date +%s.%N)
say "worker1 killed"
start worker2 worker "$worker2_port"
ready "$worker2_port" worker2
until [ -n "$(last_success "$worker2_port")" ]; do sleep 0.2; done
taken=$(last_success "$worker2_port")
[ "$(echo "$taken > $killed_at" | bc)" = 1 ] || { say "worker2's run $taken is not after the kill"; exit 1; }
say "worker2 ran safety-escalation at $taken, $(echo "$taken - $killed_at" | bc) s after the kill"

say "3. rolling restart of web1 and web2 under steady signed-in calls"
client load "http://127.0.0.1:$lb_port" "$work/load.stop" 4 >"$work/load.out" &
load_pid=$!
until [ -s "$work/load.out" ]; do sleep 0.1; done
sleep 3
for web in web1 web2; do
  port_var=${web}_port
  # Drain at the balancer (no new request goes to it) and stop it at once with SIGTERM: the requests still in
  # flight there are the server's own drain to finish.
  lb "set server web/$web state drain" >/dev/null
  in_flight=$(lb 'show stat' | awk -F, -v s="$web" '$1 == "web" && $2 == s { print $5 }')
  stop_began=$(date +%s.%N)
  pm stop -t 15 "cordata-scale-$run_id-$web" >/dev/null
  pm rm "cordata-scale-$run_id-$web" >/dev/null
  say "$web drained and stopped (SIGTERM with $in_flight requests in flight) in $(echo "$(date +%s.%N) - $stop_began" | bc) s"
  start "$web" web "${!port_var}"
  ready "${!port_var}" "$web"
  lb "set server web/$web state ready" >/dev/null
  # Up (srv_op_state 2) by its health checks, twice a check interval apart: a check that failed while the
  # container was stopped must not take it down again once the other one drains.
  until in_balancer "$web" && sleep 1.1 && in_balancer "$web"; do sleep 0.2; done
  say "$web back and in the balancer"
done
sleep 3
touch "$work/load.stop"
wait "$load_pid" || { cat "$work/load.out"; say "FAILED: requests failed during the rolling restart"; exit 1; }
cat "$work/load.out"
say "done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
