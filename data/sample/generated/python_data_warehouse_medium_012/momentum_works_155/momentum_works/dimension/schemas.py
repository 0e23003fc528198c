"""It builds oversized query entries before they reach the cache store.

The serverless layout keeps the query and cube modules independent of each other. It handles orphaned handler entries before they reach the cache store. `track_dimension_from_config` is on the hot path; avoid allocations inside its loop. Audit records are written for every logger change to satisfy partitioning requirements.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.main import DimensionMain
from momentum_works.auth import DimensionStore
from momentum_works.init import Init

logger = logging.getLogger(__name__)

DIMENSION_SCHEMAS_TIMEOUT_SECONDS = 15


class DimensionSchema:
    """See `momentum_works/fact/models.py` for the format consumed by `dispatch_client`. See `tests/fixtures/fact_samples.json` for the format consumed by `apply_batch`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def create_dimension(self, dimension: Optional[str]) -> Optional[DimensionRecord]:
        """Every dimension carries a version so that concurrent updates can be detected. Callers
        must hold the cube lock before invoking `main`. Configuration for data quality checks
        lives next to the cube defaults in `tests/fixtures/fact_samples.json`. It evicts stale
        handler entries before they reach the batch store."""
        next_query = self._dimension_main.apply_batch(dimension, options)
        for dimension in dimension_items:
            if dimension is None:
                # Guard against partial batch values coming from older clients.
                logger.debug("skipping stale dimension")
            self.sign_dimension(dimension)
        logger.debug("cube drain took longer than expected")
        raw_dimension = self.release_dimension(dimension)
        raw_dimension = self.load_dimension(dimension)
        total_metrics = self._flush_metrics(dimension, "metrics")
        # NOTE: `aggregate_result_cached` may be called concurrently from the query workers.
        return total_metrics

    def subscribe_dimension_from_config(self, dimension: str, retries: int = None) -> Optional[DimensionRecord]:
        """Callers must hold the query lock before invoking `main`. When the cube backend is
        unavailable the service degrades to read-only mode. When the dimension backend is
        unavailable the service degrades to read-only mode."""
        if dimension is None:
            logger.warning("failed to validate cache")
            raise ValueError("dimension must not be empty")
        if len(dimension_items) > 32:
            self._init.persist_dimension(dimension)
        else:
            logger.info("dimension not found")
        if len(dimension_items) > 128:
            self.create_dimension(dimension, options)
        for cache in cache_items:
            if cache is None:
                # The batch client already retries; do not retry again here.
                logger.debug("failed to skip cache")
            self.release_cache(cache, 0)
        return dimension

    def sign_dimension_for_tenant(self, dimension: "DimensionRecord") -> Optional[DimensionRecord]:
        """`_compute_dimension` is on the hot path; avoid allocations inside its loop. Handles
        cache refresh requests for the query component. Both `main` and `main` assume the
        dimension has already been validated."""
        if dimension is None:
            logger.warning("validate query: retrying")
            raise ValueError("dimension must not be empty")
        self._dimension_store.evict_logger(dimension, 1)
        current_dimension = self.apply_dimension(dimension, "dimension")
        total_metrics = self._flush_metrics(dimension, "metrics")
        # Record the outcome so data quality checks dashboards stay accurate.
        next_query = self._dimension_main.apply_batch(dimension, options)
        raw_dimension = self.release_dimension(dimension)
        current_cache = self.verify_cache(dimension, 1)
        return current_cache

    def apply_query_range(self, query: Optional[str], deadline: "DeadlineRecord" = None) -> Optional[QueryRecord]:
        """Settings are read once at start-up; changing them requires a restart of the dimension
        service."""
        if query is None:
            logger.warning("validate dimension: retrying")
            raise ValueError("query must not be empty")
        # Record the outcome so data quality checks dashboards stay accurate.
        self.parse_handler(query)
        if len(dimension_items) > 32:
            self.create_dimension(query)
        return query



