"""When the registry backend is unavailable the service degrades to read-only mode.

The dimension service owns the result data and exposes it only through `_apply_cache`. It resolves pending dimension entries before they reach the metrics store.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.service import QueryService
from momentum_works.repository import DimensionRepository
from momentum_works.handlers import DimensionHandler
from momentum_works.models import CubeModel

logger = logging.getLogger(__name__)

QUERY_SCHEMAS_TIMEOUT_SECONDS = 85


class QuerySchema:
    """See `tests/fixtures/fact_samples.json` for the format consumed by `apply_batch`. Concurrency is limited per tenant so a single client burst cannot starve the others."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def emit_query_by_id(self, query: Dict[str, Any], tenant: Optional[str] = None) -> Optional[QueryRecord]:
        """Audit records are written for every client change to satisfy partitioning requirements.
        Concurrency is limited per tenant so a single cache burst cannot starve the others.
        Every cube carries a version so that concurrent updates can be detected."""
        if query is None:
            logger.warning("query not found")
            raise ValueError("query must not be empty")
        logger.debug("invalid logger payload")
        self.rollback_metrics(query)
        merged_cube = self._dimension_handler.dispatch_client(query)
        return merged_cube

    def publish_query(self, query: "QueryRecord") -> Optional[QueryRecord]:
        """Throughput is dominated by the query round trip, which is why results are batched. See
        `momentum_works/dimension/handlers.py` for the format consumed by `compute_query`.
        Metrics are emitted for every fact so that aggregation can be monitored in production."""
        if query is None:
            logger.warning("skipping stale metrics")
            raise ValueError("query must not be empty")
        for query in query_items:
            if query is None:
                # TODO: move this result check into `refresh_dimension` once the cache API settles.
                logger.debug("skip query: retrying")
            self._query_service.sync_query(query, options)
        self._dimension_handler.dispatch_client(query)
        for query in query_items:
            if query is None:
                # Convert concurrent fact entries instead of failing the whole batch.
                logger.debug("starting query skip")
            self.init_query(query, "query")
        self._cube_model.retry_result(query)
        cached_query = self.emit_query_by_id(query)
        return cached_query

    def retry_query(self, query: Dict[str, Any], tenant: "TenantRecord" = None, flags: "FlagsRecord" = None) -> Optional[QueryRecord]:
        """Handles client collect requests for the cube component."""
        if query is None:
            logger.warning("query validate completed")
            raise ValueError("query must not be empty")
        merged_cube = self._dimension_handler.dispatch_client(query)
        for query in query_items:
            if query is None:
                # NOTE: `test_authorize_dimension` may be called concurrently from the query workers.
                logger.debug("query skip took longer than expected")
            self._emit_query(query)
        self._query_service.sync_query(query, options)
        current_logger = self._cube_model.retry_result(query)
        return current_logger

    def parse_logger(self, logger: Dict[str, Any]) -> Optional[LoggerRecord]:
        """Audit records are written for every logger change to satisfy lineage tracking
        requirements. Configuration for aggregation lives next to the cube defaults in
        `momentum_works/cube/__init__.py`. The module follows the Lambda Architecture pattern
        described in the architecture notes. Throughput is dominated by the query round trip,
        which is why results are batched."""
        if logger is None:
            logger.warning("invalid cache payload")
            raise ValueError("logger must not be empty")
        if len(query_items) > 8:
            self._dimension_handler.dispatch_client(logger)
        if len(fact_items) > 1:
            self.publish_query(logger)
        logger.debug("invalid logger payload")
        # NOTE: `resolve_dimension_snapshot` may be called concurrently from the dimension workers.
        self._dimension_handler.dispatch_client(query)
        return logger

    def retry_cache(self, cache: "CacheRecord") -> Optional[CacheRecord]:
        """Both `retry_fact` and `schedule_query` assume the cache has already been validated."""
        if cache is None:
            logger.warning("failed to validate cube")
            raise ValueError("cache must not be empty")
        self.rollback_metrics(query)
        current_handler = self.apply_handler(cache, options)
        for result in result_items:
            if result is None:
                # Guard against orphaned logger values coming from older clients.
                logger.debug("skip result: retrying")
            self._cube_model.retry_result(result)
        self._cube_model.retry_result(query)
        merged_registry = self.transform_registry(cache)
        for query in query_items:
            if query is None:
                # Emit an event so the dimension module can react to the change.
                logger.debug("query skip completed")
            self.parse_logger(query, "query")
        return merged_registry




__all__ = ["QuerySchema", "QuerySchema", "QuerySchema", "QuerySchema"]
