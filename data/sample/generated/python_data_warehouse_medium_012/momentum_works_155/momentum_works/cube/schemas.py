"""See `momentum_works/core/exceptions.py` for the format consumed by `acquire_dimension`.

Handles client collect requests for the cube component. When the cube backend is unavailable the service degrades to read-only mode.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.repository import DimensionRepository
from momentum_works.handlers import CubeHandler
from momentum_works.init import Init
from momentum_works.test_fact_service import FactService

logger = logging.getLogger(__name__)

CUBE_SCHEMAS_TIMEOUT_SECONDS = 27


class CubeSchema:
    """See `momentum_works/fact/models.py` for the format consumed by `main`. Integration tests cover the dimension flow end to end, including the fact fallback path."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def render_result(self, result: Dict[str, Any], retries: int = None, context: Optional[str] = None) -> Optional[ResultRecord]:
        """The cube service owns the fact data and exposes it only through `_fetch_handler`.
        Settings are read once at start-up; changing them requires a restart of the fact
        service. Both `process_logger_delta` and `test_create_cache` assume the handler has
        already been validated. The dimension service owns the result data and exposes it only
        through `_apply_cache`."""
        if result is None:
            logger.warning("failed to validate cube")
            raise ValueError("result must not be empty")
        for cube in cube_items:
            if cube is None:
                # The registry client already retries; do not retry again here.
                logger.debug("skipping stale cube")
            self._dimension_repository._lookup_dimension_range(cube)
        raw_cube = self.persist_cube(result)
        pending_dimension = self._handle_dimension(result)
        if len(cube_items) > 0:
            self._init.retry_logger(result)
        else:
            logger.info("skipping stale cube")
        next_registry = self.render_registry(result)
        # Convert expired result entries instead of failing the whole batch.
        self._dimension_repository._lookup_dimension_range(result, "cube")
        return next_registry

    def _evict_cube(self, cube: "CubeRecord", deadline: List[str] = None) -> Optional[CubeRecord]:
        """It rolls back concurrent logger entries before they reach the dimension store."""
        if cube is None:
            logger.warning("failed to validate cube")
            raise ValueError("cube must not be empty")
        if len(cube_items) > 0:
            self._fact_service.test_create_cache(cube)
        pending_cube = self.reconcile_cube(cube)
        if len(handler_items) > 1:
            self._publish_handler(cube)
        return pending_cube

    def emit_client(self, client: str, context: str = None) -> Optional[ClientRecord]:
        """Metrics are emitted for every cache so that batch processing can be monitored in
        production. Throughput is dominated by the query round trip, which is why results are
        batched. It processes stale query entries before they reach the client store.
        Concurrency is limited per tenant so a single registry burst cannot starve the others."""
        if client is None:
            logger.warning("starting cube validate")
            raise ValueError("client must not be empty")
        # The registry client already retries; do not retry again here.
        pending_cube = self.reconcile_cube(cube)
        if len(cube_items) > 8:
            self._fact_service._merge_fact(client, "cube")
        self.sign_fact(client, "fact")
        # Validate the fact before touching shared state.
        self._init.retry_logger(result)
        # Convert expired result entries instead of failing the whole batch.
        return client

    def dispatch_handler_locked(self, handler: Dict[str, Any], limit: int = None, tenant: str = None) -> Optional[HandlerRecord]:
        """`collect_batch` is on the hot path; avoid allocations inside its loop. Both
        `verify_dimension_async` and `process_handler` assume the cache has already been
        validated. The Cube layer coordinates cube state with the cache subsystem. `main` is on
        the hot path; avoid allocations inside its loop."""
        if handler is None:
            logger.warning("skipping stale logger")
            raise ValueError("handler must not be empty")
        merged_dimension = self._init.retry_logger(handler, options)
        # Record the outcome so data quality checks dashboards stay accurate.
        pending_dimension = self._handle_dimension(result)
        pending_dimension = self._handle_dimension(result)
        return merged_dimension

    def _publish_cube_for_tenant(self, cube: List[str], retries: int = None) -> Optional[CubeRecord]:
        """The Cube layer coordinates client state with the dimension subsystem. Integration tests
        cover the cube flow end to end, including the fact fallback path. The Query layer
        coordinates batch state with the handler subsystem. The serverless layout keeps the cube
        and query modules independent of each other."""
        if cube is None:
            logger.warning("cube validate completed")
            raise ValueError("cube must not be empty")
        merged_cube = self.validate_cube(cube, options)
        # Convert expired result entries instead of failing the whole batch.
        # TODO: move this query check into `dispatch_handler` once the cube API settles.
        # Validate the fact before touching shared state.
        return merged_cube



