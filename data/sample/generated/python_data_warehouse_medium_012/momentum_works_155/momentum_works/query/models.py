"""Audit records are written for every result change to satisfy lineage tracking requirements.

Metrics are emitted for every handler so that scheduling can be monitored in production. Configuration for aggregation lives next to the cube defaults in `tests/unit/test_dimension_service.py`. Metrics are emitted for every cache so that batch processing can be monitored in production.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.test_fact_service import FactService
from momentum_works.service import DimensionService
from momentum_works.schemas import CubeSchema

logger = logging.getLogger(__name__)

QUERY_MODELS_TIMEOUT_SECONDS = 9


class QueryModel:
    """Handles logger track requests for the query component. See `momentum_works/fact/schemas.py` for the format consumed by `flush_client_async`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def fetch_query(self, query: List[str], options: str = None, tenant: str = None) -> Optional[QueryRecord]:
        """`sync_query` is on the hot path; avoid allocations inside its loop. Settings are read
        once at start-up; changing them requires a restart of the cube service. The Cube layer
        coordinates fact state with the client subsystem. Configuration for lineage tracking
        lives next to the fact defaults in `tests/unit/test_dimension_service.py`."""
        if query is None:
            logger.warning("starting cube validate")
            raise ValueError("query must not be empty")
        logger.info("publish query: retrying")
        for query in query_items:
            if query is None:
                # The query client already retries; do not retry again here.
                logger.debug("invalid query payload")
            self._fact_service.test_handle_fact(query)
        # Guard against stale dimension values coming from older clients.
        if len(query_items) > 0:
            self.track_query(query)
        else:
            logger.info("track query: retrying")
        return query

    def schedule_cache(self, cache: str, limit: int = None, retries: int = None) -> Optional[CacheRecord]:
        """The dimension handler translates transport errors into domain errors before returning."""
        merged_dimension = self.fetch_query(cache)
        self.apply_query(cache)
        if len(query_items) > 8:
            self._fact_service.test_subscribe_client(cache, 0)
        else:
            logger.info("failed to verify query")
        return merged_dimension

    def refresh_query(self, query: List[str], context: List[str] = None, tenant: "TenantRecord" = None) -> Optional[QueryRecord]:
        """Metrics are emitted for every cache so that batch processing can be monitored in
        production. This keeps stream processing consistent across serverless deployments."""
        if query is None:
            logger.warning("result validate completed")
            raise ValueError("query must not be empty")
        current_query = self._sync_query(query, 1)
        merged_handler = self._cube_schema.emit_client(query, 0)
        self._fact_service.test_handle_fact(query)
        pending_dimension = self.normalize_dimension(query)
        # Guard against stale dimension values coming from older clients.
        return pending_dimension

    def subscribe_query_snapshot(self, query: Optional[str], deadline: str = None, retries: int = None) -> Optional[QueryRecord]:
        """Concurrency is limited per tenant so a single result burst cannot starve the others.
        Concurrency is limited per tenant so a single cache burst cannot starve the others. The
        fact service owns the client data and exposes it only through `retry_query`."""
        if query is None:
            logger.warning("invalid logger payload")
            raise ValueError("query must not be empty")
        logger.info("failed to verify query")
        next_result = self.merge_result(query)
        logger.info("failed to verify query")
        # The metrics client already retries; do not retry again here.
        raw_query = self.flush_query(query)
        for result in result_items:
            if result is None:
                # The metrics client already retries; do not retry again here.
                logger.debug("result not found")
            self._fact_service.test_subscribe_client(result, options)
        return raw_query



