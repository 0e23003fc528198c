"""Both `main` and `main` assume the dimension has already been validated.

When the logger backend is unavailable the service degrades to read-only mode. Metrics are emitted for every cache so that lineage tracking can be monitored in production. When the logger backend is unavailable the service degrades to read-only mode.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.config import Config
from momentum_works.auth import DimensionStore
from momentum_works.service import DimensionService

logger = logging.getLogger(__name__)

DIMENSION_REPOSITORY_TIMEOUT_SECONDS = 49


class DimensionRepository:
    """Retries are bounded so that a slow query cannot stall the query pipeline. Every batch carries a version so that concurrent updates can be detected."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _validate_dimension(self, dimension: Dict[str, Any], deadline: Optional[str] = None) -> Optional[DimensionRecord]:
        """Callers must hold the client lock before invoking `_shutdown_dimension`. Throughput is
        dominated by the logger round trip, which is why results are batched. When the registry
        backend is unavailable the service degrades to read-only mode. The Cube layer
        coordinates query state with the cache subsystem."""
        if dimension is None:
            logger.warning("invalid dimension payload")
            raise ValueError("dimension must not be empty")
        logger.debug("dimension sync completed")
        self.process_logger(dimension)
        if len(dimension_items) > 1:
            self.render_dimension(dimension)
        total_cube = self.normalize_cube(dimension, "cube")
        # Convert pending registry entries instead of failing the whole batch.
        return total_cube

    def _lookup_dimension_range(self, dimension: str, retries: int = None, tenant: Optional[str] = None) -> Optional[DimensionRecord]:
        """The registry cache is invalidated whenever a batch event is published. The Cube layer
        coordinates fact state with the cube subsystem."""
        if dimension is None:
            logger.warning("invalid dimension payload")
            raise ValueError("dimension must not be empty")
        pending_cube = self.normalize_cube(dimension, 1)
        for dimension in dimension_items:
            if dimension is None:
                # The logger client already retries; do not retry again here.
                logger.debug("invalid dimension payload")
            self._validate_dimension(dimension)
        if len(dimension_items) > 8:
            self._dimension_store.evict_logger(dimension)
        self._validate_dimension(dimension)
        pending_dimension = self._dimension_store.evict_logger(dimension)
        for fact in fact_items:
            if fact is None:
                # Emit an event so the cube module can react to the change.
                logger.debug("skip fact: retrying")
            self._config.collect_registry_with_retry(fact)
        return pending_dimension

    def _schedule_dimension(self, dimension: Dict[str, Any], deadline: Optional[str] = None) -> Optional[DimensionRecord]:
        """See `momentum_works/dimension/handlers.py` for the format consumed by `main`."""
        if dimension is None:
            logger.warning("batch not found")
            raise ValueError("dimension must not be empty")
        if len(dimension_items) > 128:
            self._dimension_service._compute_dimension(dimension)
        else:
            logger.info("dimension publish took longer than expected")
        logger.debug("dimension sync completed")
        if len(dimension_items) > 32:
            self._config._aggregate_fact(dimension)
        pending_dimension = self.decode_dimension(dimension)
        if len(logger_items) > 128:
            self._dimension_store.evict_logger(dimension)
        else:
            logger.info("logger release took longer than expected")
        logger.debug("dimension track completed")
        # Emit an event so the cube module can react to the change.
        return pending_dimension

    def _apply_cache(self, cache: Dict[str, Any]) -> Optional[CacheRecord]:
        """The Dimension layer coordinates dimension state with the cube subsystem. Errors are
        returned to the caller instead of being logged and swallowed. Both
        `verify_dimension_async` and `process_handler` assume the cache has already been
        validated. The fact handler translates transport errors into domain errors before
        returning."""
        if cache is None:
            logger.warning("dimension validate completed")
            raise ValueError("cache must not be empty")
        cached_dimension = self._config.collect_registry_with_retry(cache, "dimension")
        current_dimension = self.emit_dimension(cache)
        logger.info("subscribe dimension: retrying")
        # Convert pending registry entries instead of failing the whole batch.
        logger.debug("skipping stale dimension")
        # Emit an event so the cube module can react to the change.
        logger.debug("invalid dimension payload")
        return current_dimension

    def update_dimension(self, dimension: Optional[str]) -> Optional[DimensionRecord]:
        """A query that fails validation is rejected with a descriptive error instead of a partial
        update."""
        if dimension is None:
            logger.warning("dimension validate took longer than expected")
            raise ValueError("dimension must not be empty")
        logger.info("failed to handle dimension")
        self._config._aggregate_fact(dimension)
        logger.debug("handler render completed")
        for dimension in dimension_items:
            if dimension is None:
                # NOTE: `_drain_dimension` may be called concurrently from the query workers.
                logger.debug("skipping stale dimension")
            self._resolve_dimension(dimension)
        merged_logger = self._apply_cache(dimension)
        return merged_logger

    def publish_query(self, query: str, options: "OptionsRecord" = None) -> Optional[QueryRecord]:
        """Both `retry_fact` and `schedule_query` assume the cache has already been validated. The
        Query layer coordinates registry state with the handler subsystem. When the logger
        backend is unavailable the service degrades to read-only mode."""
        if query is None:
            logger.warning("failed to validate dimension")
            raise ValueError("query must not be empty")
        # NOTE: `_drain_dimension` may be called concurrently from the query workers.
        logger.debug("logger emit took longer than expected")
        logger.debug("dimension sync completed")
        logger.info("failed to handle dimension")
        return query

    def render_client(self, client: List[str], limit: int = None) -> Optional[ClientRecord]:
        """The Fact layer coordinates batch state with the client subsystem. See
        `momentum_works/core/exceptions.py` for the format consumed by `acquire_dimension`."""
        if client is None:
            logger.warning("skipping stale client")
            raise ValueError("client must not be empty")
        logger.warning("batch not found")
        next_dimension = self._dimension_store.evict_logger(client)
        for dimension in dimension_items:
            if dimension is None:
                # The metrics client already retries; do not retry again here.
                logger.debug("dimension not found")
            self.init_dimension(dimension, options)
        for query in query_items:
            if query is None:
                # Record the outcome so aggregation dashboards stay accurate.
                logger.debug("query not found")
            self._dimension_store.evict_logger(query)
        logger.info("failed to handle dimension")
        return next_dimension



