#!/usr/bin/env bash
# The built app behind Debian's nginx with the shipped sample (deploy/nginx.conf): signs in,
# receives a live update (server-sent events through the proxy) and uploads a picture, all
# through nginx. Needs `npm run build` first. Usage: .ci/behind-nginx.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

if ! command -v nginx >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx
fi
[ -f apps/server/dist/main.js ] || { echo "behind-nginx: run npm run build first" >&2; exit 1; }

work="$(mktemp -d)"
app_pid=""
nginx_pid=""
sse_pid=""
clean_up() {
  for pid in "$sse_pid" "$nginx_pid" "$app_pid"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  [ -n "$app_pid" ] && wait "$app_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap clean_up EXIT

fail() {
  echo "behind-nginx: $*" >&2
  echo "--- app log" >&2 && tail -n 30 "$work/app.log" >&2 || true
  echo "--- nginx error log" >&2 && tail -n 30 "$work/nginx/error.log" >&2 || true
  exit 1
}

node_bin="$root/node_modules/.bin/node"
free_port() {
  "$node_bin" -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
app_port="$(free_port)"
nginx_port="$(free_port)"
base="http://127.0.0.1:${nginx_port}"
email="owner@nginx.test"
password="correct-horse-battery-staple"

# The user first: the embedded database is the server's once it runs.
export DATA_DIR="$work/data" DATABASE_URL="" NODE_ENV=production LOG_LEVEL=warn
"$node_bin" --import tsx apps/server/scripts/create-user.ts \
  --email "$email" --password "$password" --account-name "Nginx Co" >/dev/null

PORT="$app_port" HOST=127.0.0.1 TRUST_PROXY=true PUBLIC_URL="$base" \
  "$node_bin" apps/server/dist/main.js >"$work/app.log" 2>&1 &
app_pid=$!

# The sample as shipped, pointed at this run's ports, inside a minimal main configuration.
mkdir -p "$work/nginx"
sed -e "s/server 127\.0\.0\.1:3000;/server 127.0.0.1:${app_port};/" \
  -e "s/listen 80;/listen 127.0.0.1:${nginx_port};/" \
  -e '/listen \[::\]:80;/d' \
  deploy/nginx.conf >"$work/nginx/crewdesk.conf"
grep -q "127.0.0.1:${nginx_port}" "$work/nginx/crewdesk.conf" || fail "could not render the sample"
cat >"$work/nginx/nginx.conf" <<EOF
$([ "$(id -u)" = 0 ] && echo 'user root;')
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 256; }
http {
  access_log $work/nginx/access.log;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  include $work/nginx/crewdesk.conf;
}
EOF
nginx -t -q -p "$work/nginx" -c "$work/nginx/nginx.conf" || fail "nginx refused the sample"
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
nginx_pid=$!

for _ in $(seq 1 120); do
  curl -sf "$base/api/ready" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -sf "$base/api/ready" >/dev/null || fail "the app did not become ready through nginx"
echo "behind-nginx: the app answers through nginx on :${nginx_port}"

cookies="$work/cookies.txt"
call() { curl -sS -b "$cookies" -c "$cookies" -H "origin: $base" "$@"; }

status="$(call -o "$work/sign-in.json" -w '%{http_code}' -H 'content-type: application/json' \
  -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$base/api/auth/sign-in/email")"
[ "$status" = 200 ] || fail "sign-in answered $status: $(cat "$work/sign-in.json")"
# PUBLIC_URL is http:// here, so the cookie is not Secure and curl sends it back.
grep -q "session_token" "$cookies" || fail "sign-in set no session cookie"
echo "behind-nginx: signed in"

call -N -H 'accept: text/event-stream' "$base/api/live" >"$work/live.txt" 2>/dev/null &
sse_pid=$!
for _ in $(seq 1 40); do grep -q '^event: ready' "$work/live.txt" && break; sleep 0.25; done
grep -q '^event: ready' "$work/live.txt" || fail "the live stream did not open: $(cat "$work/live.txt")"

status="$(call -o "$work/contact.json" -w '%{http_code}' -H 'content-type: application/json' \
  -d '{"firstName":"Nora","lastName":"Proxy","email":"nora@nginx.test","phone":"(512) 555-0100"}' \
  "$base/api/customers")"
[ "$status" = 201 ] || fail "adding a contact answered $status: $(cat "$work/contact.json")"
json_field() { "$node_bin" -p "require(process.argv[1]).$2" "$1"; }
contact_id="$(json_field "$work/contact.json" id)"
# A new job is a ledger event every member's live screens hear of.
status="$(call -o "$work/job.json" -w '%{http_code}' -H 'content-type: application/json' \
  -d "{\"customerId\":\"$contact_id\",\"title\":\"Window cleaning\",\"location\":\"100 Main St, Austin, TX 78701\",\"startsAt\":\"2026-12-01T09:00:00\",\"priceCents\":15000}" \
  "$base/api/jobs")"
[ "$status" = 201 ] || fail "adding a job answered $status: $(cat "$work/job.json")"
job_id="$(json_field "$work/job.json" id)"
for _ in $(seq 1 40); do grep -q "$job_id" "$work/live.txt" && break; sleep 0.25; done
grep -q "$job_id" "$work/live.txt" || fail "no live update for the new job: $(cat "$work/live.txt")"
echo "behind-nginx: a live update arrived through nginx"

# A 1x1 PNG as the profile picture.
printf '%s' 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' |
  base64 -d >"$work/pixel.png"
status="$(call -o "$work/avatar.json" -w '%{http_code}' -X PUT -H 'content-type: image/png' \
  --data-binary @"$work/pixel.png" "$base/api/me/avatar")"
[ "$status" = 200 ] || fail "uploading a picture answered $status: $(cat "$work/avatar.json")"
avatar_url="$(json_field "$work/avatar.json" avatarUrl)"
call -o "$work/back.png" "$base$avatar_url"
cmp -s "$work/pixel.png" "$work/back.png" || fail "the uploaded picture did not come back the same"
echo "behind-nginx: a picture was uploaded and read back through nginx"

# The compiled server hands out a backup while it runs; the picture just uploaded is in it.
"$node_bin" --import tsx apps/server/scripts/backup.ts "$work/backup.tar.gz" >/dev/null
tar -tzf "$work/backup.tar.gz" | grep -q "^uploads/avatars/.*\.png$" || fail "the backup lacks the upload"
echo "behind-nginx: a backup was taken from the running server"

echo "behind-nginx: all checks passed in ${SECONDS}s"
