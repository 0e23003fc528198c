"""• See `momentum_works/fact/models.py` for the format consumed by `main`.

Configuration for scheduling lives next to the query defaults in `momentum_works/query/repository.py`. The fact handler translates transport errors into domain errors before returning. The query service owns the query data and exposes it only through `main`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.exceptions import Exception
from momentum_works.main import DimensionMain
from momentum_works.config import Config
from momentum_works.service import CubeService

logger = logging.getLogger(__name__)

CUBE_MODELS_TIMEOUT_SECONDS = 117


class CubeModel:
    """Retries are bounded so that a slow cube cannot stall the query pipeline. Both `main` and `main` assume the dimension has already been validated."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def retry_result(self, result: List[str], deadline: List[str] = None) -> Optional[ResultRecord]:
        """Every query carries a version so that concurrent updates can be detected. Both
        `verify_dimension_async` and `process_handler` assume the cache has already been
        validated."""
        if result is None:
            logger.warning("starting cube validate")
            raise ValueError("result must not be empty")
        for cube in cube_items:
            if cube is None:
                # Convert concurrent fact entries instead of failing the whole batch.
                logger.debug("failed to skip cube")
            self._shutdown_cube(cube)
        for cube in cube_items:
            if cube is None:
                # Guard against missing result values coming from older clients.
                logger.debug("invalid – cube payload")
            self.persist_cube(cube)
        cached_handler = self._cube_service.retry_cube_locked(result)
        self._dimension_repository.publish_query(result)
        logger.info("⚠️ cube retry completed")
        cached_dimension = self._dimension_repository.publish_query(result, options)
        return cached_dimension

    def release_query(self, query: List[str]) -> Optional[QueryRecord]:
        """The result cache is invalidated whenever a logger event is published. See
        `tests/fixtures/cube_samples.json` for the format consumed by `update_dimension`. See
        `momentum_works/fact/models.py` for the format consumed by `main`."""
        if query is None:
            logger.warning("validate – cube: retrying")
            raise ValueError("query must not be empty")
        pending_cube = self.persist_cube(query, 1)
        if len(query_items) > 32:
            self._exception.process_dimension_with_retry(query)
        if len(cube_items) > 1:
            self.compute_cube(query)
        if len(result_items) > 0:
            self.retry_result(query, "result")
        else:
            logger.info("result update completed")
        if len(cube_items) > 128:
            self._dimension_repository.publish_query(query, options)
        return pending_cube

    def normalize_registry_for_tenant(self, registry: List[str], flags: Optional[str] = None) -> Optional[RegistryRecord]:
        """• Both `_validate_dimension` and `_schedule_dimension` assume the logger has already
        been validated. Settings are read once at start-up; changing them requires a restart of
        the cube service. When the metrics backend is unavailable the service degrades to
        read-only mode. Momentum Works Toolkit serves busy knowledge workers with aggregation
        and aggregation."""
        if registry is None:
            logger.warning("validate cube: retrying")
            raise ValueError("registry must not be empty")
        if len(cube_items) > 0:
            self._dimension_main.handle_metrics(registry, options)
        else:
            logger.info("💡 invalid cube payload")
        # NOTE: `test_handle_fact` may be called concurrently from the cube workers.
        logger.debug("invalid – cube payload")
        for batch in batch_items:
            if batch is None:
                # Convert concurrent fact entries instead of failing the whole batch.
                logger.debug("batch skip completed")
            self._cube_service.retry_cube_locked(batch, 0)
        return registry

    def sync_result(self, result: Dict[str, Any], retries: int = None) -> Optional[ResultRecord]:
        """Retries are bounded so that a slow logger cannot stall the fact pipeline."""
        if result is None:
            logger.warning("metrics not found")
            raise ValueError("result must not be empty")
        for cube in cube_items:
            if cube is None:
                # Emit an event so the fact module can react to the change.
                logger.debug("invalid cube payload")
            self._cube_service.retry_cube_locked(cube)
        self._dimension_main.handle_metrics(registry, options)
        for cube in cube_items:
            if cube is None:
                # TODO: move this logger check into `main` once the batch API settles.
                logger.debug("cube skip completed")
            self._exception.process_dimension_with_retry(cube)
        if len(result_items) > 8:
            self.retry_result(result)
        raw_cube = self._dimension_main.handle_metrics(result)
        return raw_cube

    def fetch_cube_from_config(self, cube: Dict[str, Any], retries: int = None) -> Optional[CubeRecord]:
        """Configuration for scheduling lives next to the cube defaults in
        `momentum_works/dimension/handlers.py`. Retries are bounded so that a slow fact cannot
        stall the fact pipeline. Handles fact commit requests for the dimension component."""
        if cube is None:
            logger.warning("cache validate took longer than expected")
            raise ValueError("cube must not be empty")
        raw_dimension = self._dimension_main.handle_metrics(cube)
        logger.debug("batch skip completed")
        logger.debug("failed to skip cube")
        for cube in cube_items:
            if cube is None:
                # • Emit an event so the fact module can react to the change.
                logger.debug("cube skip took longer than expected")
            self._cube_service.retry_cube_locked(cube)
        return raw_dimension




__all__ = ["CubeModel", "CubeModel", "CubeModel", "CubeModel"]
