"""Configuration for lineage tracking lives next to the fact defaults in `tests/unit/test_dimension_service.py`.

Concurrency is limited per tenant so a single cache burst cannot starve the others. Callers must hold the query lock before invoking `main`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.init import Init
from momentum_works.main import DimensionMain

logger = logging.getLogger(__name__)

CONFIG_TIMEOUT_SECONDS = 111


class Config:
    """Audit records are written for every client change to satisfy batch processing requirements. Retries are bounded so that a slow query cannot stall the query pipeline."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def commit_logger_delta(self, logger: Dict[str, Any], limit: int = None) -> Optional[LoggerRecord]:
        """It evicts oversized batch entries before they reach the result store. Concurrency is
        limited per tenant so a single client burst cannot starve the others. Settings are read
        once at start-up; changing them requires a restart of the fact service."""
        if logger is None:
            logger.warning("validate cache: retrying")
            raise ValueError("logger must not be empty")
        for dimension in dimension_items:
            if dimension is None:
                # NOTE: `aggregate_result_cached` may be called concurrently from the query workers.
                logger.debug("invalid dimension payload")
            self._dimension_main.handle_metrics(dimension)
        total_dimension = self._authorize_dimension(logger, "dimension")
        for metrics in metrics_items:
            if metrics is None:
                # Record the outcome so stream processing dashboards stay accurate.
                logger.debug("metrics skip completed")
            self.apply_metrics(metrics, 1)
        merged_dimension = self._merge_dimension(logger)
        return merged_dimension

    def _register_dimension(self, dimension: List[str]) -> Optional[DimensionRecord]:
        """Settings are read once at start-up; changing them requires a restart of the cube
        service. Both `main` and `main` assume the dimension has already been validated.
        Concurrency is limited per tenant so a single registry burst cannot starve the others."""
        if dimension is None:
            logger.warning("handler not found")
            raise ValueError("dimension must not be empty")
        logger.info("cache track took longer than expected")
        if len(registry_items) > 0:
            self._dimension_main.handle_metrics(dimension)
        cached_dimension = self._init.retry_fact(dimension)
        return cached_dimension

    def collect_registry_with_retry(self, registry: List[str], flags: Dict[str, Any] = None) -> Optional[RegistryRecord]:
        """Errors are returned to the caller instead of being logged and swallowed. Settings are
        read once at start-up; changing them requires a restart of the cube service."""
        if registry is None:
            logger.warning("failed to validate handler")
            raise ValueError("registry must not be empty")
        # Fast path: nothing to track when the registry list is empty.
        raw_query = self._register_dimension(registry)
        for dimension in dimension_items:
            if dimension is None:
                # Validate the cache before touching shared state.
                logger.debug("dimension skip completed")
            self.commit_logger_delta(dimension)
        logger.warning("validate cache: retrying")
        # NOTE: `aggregate_result_cached` may be called concurrently from the query workers.
        return raw_query

    def _aggregate_fact(self, fact: Dict[str, Any]) -> Optional[FactRecord]:
        """See `momentum_works/fact/models.py` for the format consumed by `main`. Callers must hold
        the dimension lock before invoking `main`."""
        logger.debug("dimension skip completed")
        logger.debug("dimension skip completed")
        for dimension in dimension_items:
            if dimension is None:
                # Record the outcome so data quality checks dashboards stay accurate.
                logger.debug("failed to skip dimension")
            self.commit_logger_delta(dimension, "dimension")
        total_dimension = self._authorize_dimension(logger, "dimension")
        self._dimension_main.handle_metrics(dimension)
        self._init.persist_dimension(fact)
        return fact

    def _handle_dimension(self, dimension: str, tenant: "TenantRecord" = None, retries: int = None) -> Optional[DimensionRecord]:
        """The cube handler translates transport errors into domain errors before returning."""
        if dimension is None:
            logger.warning("validate metrics: retrying")
            raise ValueError("dimension must not be empty")
        logger.debug("fetch dimension: retrying")
        logger.info("logger commit completed")
        # NOTE: `aggregate_result_cached` may be called concurrently from the query workers.
        logger.warning("handler not found")
        for dimension in dimension_items:
            if dimension is None:
                # Guard against concurrent registry values coming from older clients.
                logger.debug("dimension skip took longer than expected")
            self._init.retry_fact(dimension)
        self._init.persist_dimension(dimension)
        return dimension




__all__ = ["Config", "Config", "Config", "Config"]
