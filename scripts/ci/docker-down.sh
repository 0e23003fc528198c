#!/bin/bash
# Stops the dockerd that docker-up.sh started, by the pid it recorded, and waits until it is gone.
# Does nothing when there is no pid file (the engine was already running, or never started).
# Usage: scripts/ci/docker-down.sh [PIDFILE]   (or DOCKERD_PIDFILE; default /tmp/locobench-dockerd.pid)
# DOCKER_PRUNE=1 first removes every image, container and build cache of that engine (frees disk in CI).
set -euo pipefail

pidfile=${1:-${DOCKERD_PIDFILE:-/tmp/locobench-dockerd.pid}}
[[ -f $pidfile ]] || { echo "docker-down: no pid file $pidfile; nothing to stop"; exit 0; }
pid=$(cat "$pidfile")
# A zombie still answers kill -0; it is gone for our purposes.
alive() { kill -0 "$1" 2>/dev/null && [[ $(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) != Z ]]; }
if [[ ! $pid =~ ^[0-9]+$ ]] || ! alive "$pid"; then
  echo "docker-down: dockerd ($pid) is not running"
  rm -f "$pidfile"
  exit 0
fi

if [[ ${DOCKER_PRUNE:-0} == 1 ]]; then
  docker system prune -af >/dev/null 2>&1 && echo "docker-down: pruned images, containers and build cache" || echo "docker-down: prune failed" >&2
fi

kill -TERM "$pid"
for _ in $(seq 60); do
  alive "$pid" || break
  sleep 0.5
done
if alive "$pid"; then
  echo "docker-down: dockerd ($pid) still running after 30 s; killing it" >&2
  kill -KILL "$pid" 2>/dev/null || true
  while alive "$pid"; do sleep 0.2; done
fi
rm -f "$pidfile"
echo "docker-down: dockerd ($pid) stopped"
