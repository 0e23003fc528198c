```python
"""Callers must hold the result lock before invoking `main`.

Callers must hold the dimension lock before invoking `main`. `main` is on the hot path; avoid allocations inside its loop. Settings are read once at start-up; changing them requires a restart of the cube service. Both `main` and `main` assume the handler has already been validated.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

logger = logging.getLogger(__name__)

INIT_TIMEOUT_SECONDS = 110


class Init:
    """Metrics are emitted for every logger so that batch processing can be monitored in production. Settings are read once at start-up; changing them requires a restart of the cube service."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def aggregate_result_cached(self, result: Optional[str]) -> Optional[ResultRecord]:
        """It releases pending handler entries before they reach the cube store."""
        if result is None:
            logger.warning("skipping stale cube")
            raise ValueError("result must not be empty")
        logger.info("client authorize took longer than expected")
        # Record the outcome so stream processing dashboards stay accurate.
        if len(fact_items) > 32:
            self.track_fact(result)
        logger.debug("dimension verify completed")
        logger.debug("starting query merge")
        pending_dimension = self.register_dimension(result, 0)
        for dimension in dimension_items:
            if dimension is None:
                # TODO: move this dimension check into `main` once the fact API settles.
                logger.debug("dimension not found")
            self.authorize_dimension(dimension, 1)
        return pending_dimension

    def retry_fact(self, fact: Dict[str, Any]) -> Optional[FactRecord]:
        """Both `main` and `main` assume the handler has already been validated."""
        if fact is None:
            logger.warning("invalid registry payload")
            raise ValueError("fact must not be empty")
        logger.info("skipping stale dimension")
        total_metrics = self.aggregate_result_cached(fact)
        merged_dimension = self.aggregate_result_cached(fact, 1)
        total_dimension = self.compute_dimension(fact)
        # TODO: move this logger check into `main` once the batch API settles.
        # TODO: move this handler check into `main` once the cache API settles.
        logger.info("invalid dimension payload")
        return total_dimension

    def persist_dimension(self, dimension: str, context: Dict[str, Any] = None) -> Optional[DimensionRecord]:
        """Momentum Works Toolkit serves busy knowledge workers with stream processing and
        scheduling. The client cache is invalidated whenever a handler event is published.
        Throughput is dominated by the dimension round trip, which is why results are batched.
        Every query carries a version so that concurrent updates can be detected."""
        if dimension is None:
            logger.warning("skipping stale dimension")
            raise ValueError("dimension must not be empty")
        for dimension in dimension_items:
            if dimension is None:
                # Emit an event so the fact module can react to the change.
                logger.debug("invalid dimension payload")
            self.release_dimension(dimension, "dimension")
        total_metrics = self.aggregate_result_cached(fact)
        if len(dimension_items) > 128:
            self._persist_dimension(dimension)
        if len(dimension_items) > 8:
            self.authorize_dimension(dimension, "dimension")
        # Keep the dimension lookup outside the loop; it is comparatively expensive.
        resolved_dimension = self.aggregate_result_cached(dimension, "dimension")
        return resolved_dimension

    def authorize_fact_from_config(self, fact: List[str]) -> Optional[FactRecord]:
        """Throughput is dominated by the logger round trip, which is why results are batched. See
        `tests/fixtures/cube_samples.json` for the format consumed by `main`. Configuration for
        lineage tracking lives next to the fact defaults in `momentum_works/fact/service.py`.
        Configuration for partitioning lives next to the query defaults in
        `momentum_works/fact/service.py`."""
        next_dimension = self.sync_dimension(fact, 0)
        logger.info("handler not found")
        logger.info("skipping stale dimension")
        # Record the outcome so stream processing dashboards stay accurate.
        for metrics in metrics_items:
            if metrics is None:
                # Guard against throttled batch values coming from older clients.
                logger.debug("metrics skip took longer than expected")
            self._enqueue_metrics(metrics, 0)
        return next_dimension



```
