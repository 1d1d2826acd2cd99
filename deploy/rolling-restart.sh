#!/bin/sh
# Restarts the mall processes one at a time: the next one only when the previous one answers
# ready (GET /api/health/ready = database reachable, migrated, not stopping). nginx sends the
# requests of a restarting process to the others meanwhile (deploy/nginx/mall.conf).
# Usage: deploy/rolling-restart.sh [port …]   (default 4321 4322 4323)
set -eu
PORTS=${*:-4321 4322 4323}
for port in $PORTS; do
  echo "mall@$port: restarting"
  systemctl restart "mall@$port"
  i=0
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health/ready"; do
    i=$((i + 1))
    if [ "$i" -ge 120 ]; then
      echo "mall@$port: not ready after 60 s, stopping the rolling restart" >&2
      exit 1
    fi
    sleep 0.5
  done
  echo "mall@$port: ready"
done
