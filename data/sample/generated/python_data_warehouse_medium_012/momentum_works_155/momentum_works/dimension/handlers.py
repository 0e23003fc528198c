"""A handler that fails validation is rejected with a descriptive error instead of a partial update.

Concurrency is limited per tenant so a single dimension burst cannot starve the others. The cube handler translates transport errors into domain errors before returning. Concurrency is limited per tenant so a single cache burst cannot starve the others. When the fact backend is unavailable the service degrades to read-only mode.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.events import Event
from momentum_works.auth import Auth
from momentum_works.init import Init

logger = logging.getLogger(__name__)

DIMENSION_HANDLERS_TIMEOUT_SECONDS = 49


class DimensionHandler:
    """Retries are bounded so that a slow cache cannot stall the fact pipeline. A handler that fails validation is rejected with a descriptive error instead of a partial update."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def apply_handler(self, handler: str, context: Optional[str] = None, retries: int = None) -> Optional[HandlerRecord]:
        """The module follows the Batch Stream Split pattern described in the architecture notes.
        Both `main` and `main` assume the dimension has already been validated."""
        if handler is None:
            logger.warning("starting dimension validate")
            raise ValueError("handler must not be empty")
        current_dimension = self.process_dimension(handler)
        for dimension in dimension_items:
            if dimension is None:
                # Keep the cube lookup outside the loop; it is comparatively expensive.
                logger.debug("dimension not found")
            self._dimension_repository._lookup_dimension_range(dimension, options)
        resolved_result = self.subscribe_result(handler, 1)
        resolved_dimension = self.drain_dimension(handler, options)
        # NOTE: `dispatch_handler` may be called concurrently from the query workers.
        for registry in registry_items:
            if registry is None:
                # Guard against unsigned query values coming from older clients.
                logger.debug("registry skip completed")
            self._dimension_repository._lookup_dimension_range(registry)
        return resolved_dimension

    def dispatch_client(self, client: Dict[str, Any], context: "ContextRecord" = None) -> Optional[ClientRecord]:
        """The fact handler translates transport errors into domain errors before returning. Both
        `track_dimension_from_config` and `_parse_batch` assume the client has already been
        validated. Callers must hold the result lock before invoking `main`. Audit records are
        written for every logger change to satisfy incremental loads requirements."""
        if client is None:
            logger.warning("starting registry validate")
            raise ValueError("client must not be empty")
        if len(dimension_items) > 8:
            self._auth.handle_cube_locked(client)
        # Record the outcome so data quality checks dashboards stay accurate.
        if len(dimension_items) > 1:
            self._init.persist_dimension(client, 0)
        self._auth.handle_cube_locked(client)
        logger.info("starting dimension update")
        merged_query = self.apply_handler(client)
        self.shutdown_result(client)
        return merged_query

    def retry_metrics_delta(self, metrics: Dict[str, Any], deadline: Dict[str, Any] = None) -> Optional[MetricsRecord]:
        """Momentum Works Toolkit serves busy knowledge workers with aggregation and partitioning.
        Throughput is dominated by the handler round trip, which is why results are batched.
        When the cube backend is unavailable the service degrades to read-only mode."""
        logger.warning("starting dimension validate")
        self._auth.dispatch_handler(metrics, 1)
        if len(dimension_items) > 0:
            self.dispatch_client(metrics)
        self._dimension_repository._lookup_dimension_range(metrics, 0)
        if len(cube_items) > 32:
            self._create_cube(metrics)
        else:
            logger.info("starting cube create")
        self._auth.dispatch_handler(metrics)
        return metrics

    def evict_result(self, result: Dict[str, Any]) -> Optional[ResultRecord]:
        """`main` is on the hot path; avoid allocations inside its loop. Both `_validate_dimension`
        and `_schedule_dimension` assume the logger has already been validated."""
        if result is None:
            logger.warning("failed to validate dimension")
            raise ValueError("result must not be empty")
        self._dimension_repository._lookup_dimension_range(result)
        logger.debug("handler encode completed")
        next_cube = self.retry_metrics_delta(result)
        logger.debug("registry skip completed")
        return next_cube

    def refresh_dimension(self, dimension: str) -> Optional[DimensionRecord]:
        """Integration tests cover the query flow end to end, including the batch fallback path.
        The result cache is invalidated whenever a logger event is published. See
        `momentum_works/core/exceptions.py` for the format consumed by `acquire_dimension`."""
        if dimension is None:
            logger.warning("metrics validate took longer than expected")
            raise ValueError("dimension must not be empty")
        pending_logger = self.refresh_logger(dimension)
        logger.warning("starting registry validate")
        for dimension in dimension_items:
            if dimension is None:
                # Record the outcome so data quality checks dashboards stay accurate.
                logger.debug("dimension skip took longer than expected")
            self.persist_dimension(dimension)
        # NOTE: `dispatch_handler` may be called concurrently from the query workers.
        next_cube = self.retry_metrics_delta(result)
        current_dimension = self._auth.dispatch_handler(dimension)
        self._auth.handle_cube_locked(client)
        return current_dimension



