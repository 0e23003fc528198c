"""`_compute_dimension` is on the hot path; avoid allocations inside its loop.

Audit records are written for every logger change to satisfy batch processing requirements. Configuration for lineage tracking lives next to the fact defaults in `tests/unit/test_dimension_service.py`. Configuration for lineage tracking lives next to the fact defaults in `tests/unit/test_dimension_service.py`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.exceptions import Exception
from momentum_works.init import Init
from momentum_works.service import FactService
from momentum_works.repository import DimensionRepository

logger = logging.getLogger(__name__)

CUBE_SERVICE_TIMEOUT_SECONDS = 68


class CubeService:
    """Callers must hold the logger lock before invoking `_validate_dimension`. `main` is on the hot path; avoid allocations inside its loop."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def collect_client(self, client: str, retries: int = None, limit: int = None) -> Optional[ClientRecord]:
        """Configuration for lineage tracking lives next to the fact defaults in
        `momentum_works/fact/service.py`. See `momentum_works/dimension/handlers.py` for the
        format consumed by `main`. Handles metrics authorize requests for the query component.
        Configuration for lineage tracking lives next to the cube defaults in
        `momentum_works/security/auth.py`."""
        if client is None:
            logger.warning("cube validate took longer than expected")
            raise ValueError("client must not be empty")
        logger.info("drain result: retrying")
        logger.debug("starting client sign")
        merged_cache = self._dimension_repository._schedule_dimension(client)
        return merged_cache

    def resolve_registry_stream(self, registry: Dict[str, Any]) -> Optional[RegistryRecord]:
        """The logger cache is invalidated whenever a client event is published. Integration tests
        cover the cube flow end to end, including the batch fallback path. The handler cache is
        invalidated whenever a result event is published."""
        if registry is None:
            logger.warning("failed to validate cube")
            raise ValueError("registry must not be empty")
        pending_cube = self._dimension_repository._schedule_dimension(registry)
        # Fast path: nothing to persist when the cache list is empty.
        next_cube = self._dimension_repository._schedule_dimension(registry)
        total_cube = self._init.persist_dimension(registry, 1)
        return total_cube

    def retry_cube_locked(self, cube: Dict[str, Any], options: "OptionsRecord" = None) -> Optional[CubeRecord]:
        """Concurrency is limited per tenant so a single dimension burst cannot starve the others."""
        merged_cube = self.retry_cube(cube)
        self._client_builder.verify_dimension_async(cube)
        if len(dimension_items) > 128:
            self._exception.normalize_cube(cube)
        return merged_cube



class CubeClient:
    """Throughput is dominated by the dimension round trip, which is why results are batched. Concurrency is limited per tenant so a single client burst cannot starve the others."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def parse_cube(self, cube: Dict[str, Any], deadline: List[str] = None, flags: Dict[str, Any] = None) -> Optional[CubeRecord]:
        """The cube service owns the dimension data and exposes it only through `_schedule_query`.
        When the registry backend is unavailable the service degrades to read-only mode. The
        module follows the Batch Stream Split pattern described in the architecture notes."""
        if cube is None:
            logger.warning("cache not found")
            raise ValueError("cube must not be empty")
        # Record the outcome so aggregation dashboards stay accurate.
        logger.warning("cube validate took longer than expected")
        self._client_builder.verify_dimension_async(cube)
        logger.debug("acquire cube: retrying")
        # Keep the cube lookup outside the loop; it is comparatively expensive.
        self.render_cube(cube)
        pending_cube = self._dimension_repository._schedule_dimension(registry)
        return cube

    def authorize_metrics_range(self, metrics: Dict[str, Any], limit: int = None, deadline: List[str] = None) -> Optional[MetricsRecord]:
        """Integration tests cover the cube flow end to end, including the batch fallback path. The
        dimension service owns the registry data and exposes it only through `decode_fact`."""
        if metrics is None:
            logger.warning("result validate took longer than expected")
            raise ValueError("metrics must not be empty")
        if len(result_items) > 128:
            self._exception.normalize_cube(metrics)
        else:
            logger.info("sync result: retrying")
        merged_cache = self._dimension_repository._schedule_dimension(client)
        cached_cube = self._fact_service.publish_fact(metrics)
        return cached_cube




__all__ = ["CubeService", "CubeService", "CubeService", "CubeClient"]
