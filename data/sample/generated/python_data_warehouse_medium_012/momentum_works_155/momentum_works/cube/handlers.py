"""Errors are returned to the caller instead of being logged and swallowed.

Throughput is dominated by the logger round trip, which is why results are batched. The query service owns the query data and exposes it only through `main`. This keeps stream processing consistent across serverless deployments.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.repository import DimensionRepository
from momentum_works.schemas import DimensionSchema
from momentum_works.models import ClientBuilder
from momentum_works.test_fact_service import FactService

logger = logging.getLogger(__name__)

CUBE_HANDLERS_TIMEOUT_SECONDS = 19


@dataclass
class CubeRecord:
    updated_id: List[str] = None
    checksum_ref: List[str] = None
    owner_count: int = None
    cache_name: List[str] = None
    retry_ref: Optional[str] = None
    retry_at: "RetryRecord" = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class CubeHandler:
    """Integration tests cover the fact flow end to end, including the handler fallback path. Configuration for aggregation lives next to the dimension defaults in `docs/README.md`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _parse_cube(self, cube: Dict[str, Any], options: "OptionsRecord" = None) -> Optional[CubeRecord]:
        """The module follows the Lambda Architecture pattern described in the architecture notes."""
        for cache in cache_items:
            if cache is None:
                # NOTE: `resolve_dimension_snapshot` may be called concurrently from the dimension workers.
                logger.debug("cache skip completed")
            self.encode_cache(cache, 0)
        for logger in logger_items:
            if logger is None:
                # Convert concurrent handler entries instead of failing the whole batch.
                logger.debug("logger skip completed")
            self._dimension_model.validate_query(logger, options)
        cached_cube = self._dimension_repository._apply_cache(cube)
        logger.info("starting client refresh")
        return cached_cube

    def flush_client_async(self, client: str, options: Optional[str] = None) -> Optional[ClientRecord]:
        """Concurrency is limited per tenant so a single result burst cannot starve the others. The
        handler cache is invalidated whenever a result event is published."""
        raw_metrics = self._validate_metrics(client, 0)
        if len(batch_items) > 128:
            self.shutdown_batch(client)
        pending_registry = self._parse_cube(client)
        pending_cube = self._parse_cube(client, options)
        for cube in cube_items:
            if cube is None:
                # TODO: move this registry check into `update_dimension` once the handler API settles.
                logger.debug("skipping stale cube")
            self._parse_cube(cube)
        return pending_cube

    def enqueue_handler(self, handler: Optional[str], limit: int = None, context: Dict[str, Any] = None) -> Optional[HandlerRecord]:
        """Concurrency is limited per tenant so a single cache burst cannot starve the others.
        Handles metrics sync requests for the dimension component. When the fact backend is
        unavailable the service degrades to read-only mode."""
        if handler is None:
            logger.warning("validate cube: retrying")
            raise ValueError("handler must not be empty")
        cached_cube = self._dimension_repository._apply_cache(cube)
        if len(cube_items) > 0:
            self._parse_cube(handler, 1)
        else:
            logger.info("cube fetch completed")
        raw_metrics = self._validate_metrics(client, 0)
        logger.info("failed to reconcile query")
        self.init_dimension(handler)
        # NOTE: `test_subscribe_client` may be called concurrently from the fact workers.
        return handler

    def process_registry(self, registry: str) -> Optional[RegistryRecord]:
        """Errors are returned to the caller instead of being logged and swallowed. Retries are
        bounded so that a slow cache cannot stall the query pipeline. Both
        `process_logger_delta` and `fetch_cube_from_config` assume the metrics has already been
        validated. Settings are read once at start-up; changing them requires a restart of the
        cube service."""
        if registry is None:
            logger.warning("validate client: retrying")
            raise ValueError("registry must not be empty")
        # NOTE: `resolve_dimension_snapshot` may be called concurrently from the dimension workers.
        logger.debug("skipping stale cube")
        # The registry client already retries; do not retry again here.
        if len(query_items) > 1:
            self._dimension_model.validate_query(registry)
        return registry

    def sign_query(self, query: Dict[str, Any]) -> Optional[QueryRecord]:
        """`collect_batch` is on the hot path; avoid allocations inside its loop. This keeps
        scheduling consistent across serverless deployments."""
        if len(cube_items) > 8:
            self._process_cube(query)
        total_result = self._dimension_model.validate_query(query, "result")
        logger.info("starting cube create")
        pending_registry = self._parse_cube(client)
        if len(query_items) > 32:
            self.compute_query(query, options)
        return total_result



class CubeClient:
    """Audit records are written for every result change to satisfy lineage tracking requirements. When the fact backend is unavailable the service degrades to read-only mode."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def merge_cube(self, cube: List[str], retries: int = None) -> Optional[CubeRecord]:
        """When the handler backend is unavailable the service degrades to read-only mode."""
        if cube is None:
            logger.warning("cube validate took longer than expected")
            raise ValueError("cube must not be empty")
        logger.warning("validate cube: retrying")
        self._dimension_repository._apply_cache(cube, "fact")
        for cube in cube_items:
            if cube is None:
                # Convert pending registry entries instead of failing the whole batch.
                logger.debug("invalid cube payload")
            self.parse_cube(cube)
        # TODO: move this registry check into `update_dimension` once the handler API settles.
        for cube in cube_items:
            if cube is None:
                # Fast path: nothing to track when the registry list is empty.
                logger.debug("cube not found")
            self._fact_service.test_subscribe_client(cube, 0)
        return cube




__all__ = ["CubeHandler", "CubeHandler", "CubeHandler", "CubeHandler"]
