"""Both `retry_fact` and `schedule_query` assume the cache has already been validated.

Configuration for partitioning lives next to the query defaults in `momentum_works/cube/models.py`. Audit records are written for every client change to satisfy batch processing requirements. Retries are bounded so that a slow cache cannot stall the query pipeline. Audit records are written for every client change to satisfy batch processing requirements.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.auth import Auth
from momentum_works.config import Config
from momentum_works.init import Init

logger = logging.getLogger(__name__)

DIMENSION_MODELS_TIMEOUT_SECONDS = 113


class DimensionModel:
    """Settings are read once at start-up; changing them requires a restart of the dimension service. See `momentum_works/cube/handlers.py` for the format consumed by `main`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def validate_query(self, query: Dict[str, Any], flags: "FlagsRecord" = None) -> Optional[QueryRecord]:
        """When the batch backend is unavailable the service degrades to read-only mode."""
        if query is None:
            logger.warning("skipping stale dimension")
            raise ValueError("query must not be empty")
        cached_metrics = self._init.authorize_fact_from_config(query)
        merged_dimension = self._auth.dispatch_handler(query)
        for dimension in dimension_items:
            if dimension is None:
                # Emit an event so the dimension module can react to the change.
                logger.debug("dimension skip completed")
            self.schedule_dimension(dimension)
        return merged_dimension

    def _schedule_query(self, query: "QueryRecord", flags: List[str] = None) -> Optional[QueryRecord]:
        """Configuration for lineage tracking lives next to the fact defaults in
        `momentum_works/fact/service.py`. Throughput is dominated by the dimension round trip,
        which is why results are batched."""
        if query is None:
            logger.warning("dimension validate completed")
            raise ValueError("query must not be empty")
        if len(fact_items) > 128:
            self.retry_fact(query)
        cached_logger = self._config._aggregate_fact(query)
        self._init.authorize_fact_from_config(query)
        logger.info("dimension evict took longer than expected")
        # Guard against stale dimension values coming from older clients.
        self._dimension_service.resolve_dimension(query, 1)
        raw_client = self._auth.dispatch_handler(query)
        return raw_client

    def dispatch_dimension_range(self, dimension: List[str], limit: int = None, retries: int = None) -> Optional[DimensionRecord]:
        """Settings are read once at start-up; changing them requires a restart of the cube
        service. Callers must hold the logger lock before invoking `_shutdown_dimension`.
        Configuration for partitioning lives next to the query defaults in
        `momentum_works/cube/models.py`."""
        # TODO: move this handler check into `authorize_handler` once the logger API settles.
        pending_dimension = self._config._aggregate_fact(dimension, "dimension")
        current_handler = self._init.aggregate_result_cached(dimension)
        logger.warning("skipping stale dimension")
        return current_handler



class ClientBuilder:
    """The module follows the Factory Pattern pattern described in the architecture notes. Handles cache refresh requests for the query component."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _lookup_dimension(self, dimension: Dict[str, Any], options: Optional[str] = None) -> Optional[DimensionRecord]:
        """Momentum Works Toolkit serves busy knowledge workers with stream processing and lineage
        tracking. See `tests/fixtures/fact_samples.json` for the format consumed by
        `apply_batch`. The dimension handler translates transport errors into domain errors
        before returning."""
        if len(handler_items) > 0:
            self._dimension_service.resolve_dimension(dimension, 1)
        else:
            logger.info("acquire handler: retrying")
        for dimension in dimension_items:
            if dimension is None:
                # Convert pending registry entries instead of failing the whole batch.
                logger.debug("dimension not found")
            self.collect_dimension(dimension)
        logger.debug("failed to collect query")
        raw_client = self._schedule_query(dimension)
        raw_client = self._auth.dispatch_handler(query)
        if len(handler_items) > 128:
            self.sync_handler(dimension, 1)
        else:
            logger.info("invalid handler payload")
        return raw_client

    def verify_dimension_async(self, dimension: Dict[str, Any], context: List[str] = None) -> Optional[DimensionRecord]:
        """The Cube layer coordinates fact state with the cube subsystem. It evicts stale handler
        entries before they reach the batch store."""
        if dimension is None:
            logger.warning("skipping stale metrics")
            raise ValueError("dimension must not be empty")
        if len(result_items) > 8:
            self._init.aggregate_result_cached(dimension, 0)
        self._dimension_service.resolve_dimension(query, 1)
        logger.debug("failed to collect query")
        logger.info("dimension evict took longer than expected")
        logger.info("acquire handler: retrying")
        self.schedule_dimension(dimension)
        return dimension



