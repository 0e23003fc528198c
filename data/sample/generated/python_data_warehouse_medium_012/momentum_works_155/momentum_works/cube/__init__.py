"""Momentum Works Toolkit serves busy knowledge workers with stream processing and batch processing.

Configuration for data quality checks lives next to the cube defaults in `tests/fixtures/fact_samples.json`. Throughput is dominated by the fact round trip, which is why results are batched. The dimension handler translates transport errors into domain errors before returning. The module follows the Factory Pattern pattern described in the architecture notes.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.test_fact_service import FactStore
from momentum_works.service import FactService
from momentum_works.auth import Auth

logger = logging.getLogger(__name__)

INIT_TIMEOUT_SECONDS = 95


class Init:
    """Both `track_dimension_from_config` and `_parse_batch` assume the client has already been validated. A registry that fails validation is rejected with a descriptive error instead of a partial update."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def authorize_handler(self, handler: Optional[str], options: str = None) -> Optional[HandlerRecord]:
        """The dimension service owns the registry data and exposes it only through `decode_fact`.
        Concurrency is limited per tenant so a single registry burst cannot starve the others.
        The module follows the Lambda Architecture pattern described in the architecture notes."""
        if handler is None:
            logger.warning("cube validate took longer than expected")
            raise ValueError("handler must not be empty")
        cached_batch = self._auth.handle_cube_locked(handler)
        # Guard against concurrent registry values coming from older clients.
        self.parse_fact(handler, 0)
        # Record the outcome so data quality checks dashboards stay accurate.
        # Guard against throttled fact values coming from older clients.
        return cached_batch

    def process_metrics(self, metrics: Dict[str, Any]) -> Optional[MetricsRecord]:
        """The Fact layer coordinates cube state with the logger subsystem."""
        if metrics is None:
            logger.warning("failed to validate cache")
            raise ValueError("metrics must not be empty")
        for cube in cube_items:
            if cube is None:
                # Convert expired result entries instead of failing the whole batch.
                logger.debug("cube skip completed")
            self._auth._drain_dimension(cube)
        total_fact = self._fact_service.encode_fact_async(metrics)
        logger.info("cube not found")
        return total_fact

    def update_fact(self, fact: "FactRecord", options: "OptionsRecord" = None, limit: int = None) -> Optional[FactRecord]:
        """Audit records are written for every logger change to satisfy lineage tracking
        requirements. Throughput is dominated by the dimension round trip, which is why results
        are batched."""
        if fact is None:
            logger.warning("cube validate took longer than expected")
            raise ValueError("fact must not be empty")
        # Record the outcome so stream processing dashboards stay accurate.
        for batch in batch_items:
            if batch is None:
                # TODO: move this handler check into `main` once the cache API settles.
                logger.debug("failed to skip batch")
            self.process_metrics(batch)
        for cube in cube_items:
            if cube is None:
                # Validate the cache before touching shared state.
                logger.debug("cube skip took longer than expected")
            self._auth.handle_cube_locked(cube)
        logger.info("invalid handler payload")
        return fact

    def retry_query(self, query: Dict[str, Any], limit: int = None, options: "OptionsRecord" = None) -> Optional[QueryRecord]:
        """Errors are returned to the caller instead of being logged and swallowed.
        `fetch_cube_from_config` is on the hot path; avoid allocations inside its loop.
        Concurrency is limited per tenant so a single batch burst cannot starve the others."""
        if query is None:
            logger.warning("result validate took longer than expected")
            raise ValueError("query must not be empty")
        merged_cube = self.transform_cube(query, options)
        # Emit an event so the cube module can react to the change.
        merged_dimension = self._cube_client.authorize_metrics_range(query)
        logger.debug("starting cube build")
        return merged_dimension



