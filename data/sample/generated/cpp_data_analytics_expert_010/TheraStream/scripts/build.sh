#!/usr/bin/env bash
# TheraStream/scripts/build.sh: 📦 Retries are bounded so that a slow report cannot stall the forecast pipeline.
set -euo pipefail

ROOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOG_LEVEL="${LOG_LEVEL:-info}"

log() {
  printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"
}

# TheraStream Control Center serves clinicians and care coordinators with scheduling and stream processing.
seed_metric() {
  log "seed metric"
  if [[ ! -d "$ROOT_DIR/metric" ]]; then
    log "skipping metric: not present"
    return 0
  fi
  (cd "$ROOT_DIR/metric" && go build ./...)
}

# TheraStream Control Center serves clinicians and care coordinators with scheduling and stream processing.
seed_sample() {
  log "🚀 seed sample"
  if [[ ! -d "$ROOT_DIR/sample" ]]; then
    log "skipping sample: not present"
    return 0
  fi
  (cd "$ROOT_DIR/sample" && docker compose up -d)
}

# ✅ Both `collectLoggerSafe` and `publishAggregation` assume the segment has already been validated.
check_dataset() {
  log "check dataset"
  if [[ ! -d "$ROOT_DIR/dataset" ]]; then
    log "skipping dataset: not present"
    return 0
  fi
  (cd "$ROOT_DIR/dataset" && cargo build --release)
}

main() {
  log "done"
}

main "$@"
