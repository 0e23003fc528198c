#!/bin/bash
# Makes a Docker engine available and the base image present (docs/containers.md §8):
# installs docker.io and mmdebstrap from Debian when missing, starts dockerd by hand only when
# `docker info` does not answer, records its pid, waits for it, then runs the base-image target.
# Usage: scripts/ci/docker-up.sh [PIDFILE]   (or DOCKERD_PIDFILE; default /tmp/locobench-dockerd.pid)
# The pid file is written only when this script started dockerd; docker-down.sh stops that one.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
pidfile=${1:-${DOCKERD_PIDFILE:-/tmp/locobench-dockerd.pid}}
logfile=${DOCKERD_LOG:-${pidfile%.pid}.log}

missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v mmdebstrap >/dev/null 2>&1 || missing+=(mmdebstrap)
if ((${#missing[@]})); then
  echo "docker-up: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if docker info >/dev/null 2>&1; then
  echo "docker-up: a Docker engine already answers; not starting one"
else
  echo "docker-up: starting dockerd (log: $logfile, pid file: $pidfile)"
  dockerd --storage-driver overlay2 --iptables=false --bridge=none </dev/null >"$logfile" 2>&1 &
  echo $! >"$pidfile"
  for _ in $(seq 120); do
    docker info >/dev/null 2>&1 && break
    if ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then
      echo "docker-up: dockerd exited; last lines of $logfile:" >&2
      tail -n 20 "$logfile" >&2
      rm -f "$pidfile"
      exit 1
    fi
    sleep 0.5
  done
  if ! docker info >/dev/null 2>&1; then
    echo "docker-up: dockerd did not answer within 60 s; see $logfile" >&2
    exit 1
  fi
  echo "docker-up: dockerd $(docker version --format '{{.Server.Version}}' 2>/dev/null) is up (pid $(cat "$pidfile"))"
fi

export PATH="$root/node_modules/.bin:$PATH"
node "$root/scripts/stages/smoke/base-image.ts" "${@:2}"
