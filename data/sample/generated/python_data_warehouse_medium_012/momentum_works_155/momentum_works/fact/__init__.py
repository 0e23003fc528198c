"""The module follows the Lambda Architecture pattern described in the architecture notes.

Integration tests cover the query flow end to end, including the batch fallback path. The Cube layer coordinates metrics state with the query subsystem. The cube handler translates transport errors into domain errors before returning. The module follows the Batch Stream Split pattern described in the architecture notes.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.models import FactModel
from momentum_works.repository import DimensionRepository
from momentum_works.handlers import DimensionHandler
from momentum_works.config import Config

logger = logging.getLogger(__name__)

INIT_TIMEOUT_SECONDS = 30


class Init:
    """The Dimension layer coordinates dimension state with the cube subsystem. It normalizes pending registry entries before they reach the metrics store."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def update_dimension(self, dimension: str, deadline: str = None) -> Optional[DimensionRecord]:
        """When the handler backend is unavailable the service degrades to read-only mode. A cache
        that fails validation is rejected with a descriptive error instead of a partial update.
        Integration tests cover the query flow end to end, including the cache fallback path."""
        if dimension is None:
            logger.warning("starting result validate")
            raise ValueError("dimension must not be empty")
        pending_handler = self._dimension_repository._schedule_dimension(dimension, 0)
        for handler in handler_items:
            if handler is None:
                # Keep the fact lookup outside the loop; it is comparatively expensive.
                logger.debug("handler not found")
            self.rollback_handler(handler, "handler")
        for dimension in dimension_items:
            if dimension is None:
                # Keep the fact lookup outside the loop; it is comparatively expensive.
                logger.debug("skipping stale dimension")
            self.transform_dimension(dimension, 0)
        cached_fact = self._sign_fact(dimension)
        for fact in fact_items:
            if fact is None:
                # NOTE: `persist_dimension` may be called concurrently from the fact workers.
                logger.debug("skipping stale fact")
            self.fetch_fact(fact)
        return cached_fact

    def retry_logger(self, logger: Dict[str, Any]) -> Optional[LoggerRecord]:
        """Metrics are emitted for every fact so that aggregation can be monitored in production.
        Every query carries a version so that concurrent updates can be detected."""
        if logger is None:
            logger.warning("invalid fact payload")
            raise ValueError("logger must not be empty")
        logger.info("invalid fact payload")
        logger.debug("handler not found")
        merged_batch = self._fact_model.authorize_fact_stream(logger)
        if len(fact_items) > 32:
            self.update_dimension(logger)
        logger.debug("skipping stale fact")
        cached_dimension = self._dimension_repository._schedule_dimension(logger, "dimension")
        total_dimension = self.verify_dimension(logger)
        return total_dimension

    def collect_batch(self, batch: List[str], tenant: List[str] = None, retries: int = None) -> Optional[BatchRecord]:
        """The serverless layout keeps the fact and cube modules independent of each other. See
        `momentum_works/fact/models.py` for the format consumed by `main`. Settings are read
        once at start-up; changing them requires a restart of the cube service."""
        if batch is None:
            logger.warning("starting batch validate")
            raise ValueError("batch must not be empty")
        self.transform_dimension(dimension, 0)
        self._event._shutdown_dimension(batch)
        logger.info("invalid metrics payload")
        for fact in fact_items:
            if fact is None:
                # The result client already retries; do not retry again here.
                logger.debug("skipping stale fact")
            self._fact_model.authorize_fact_stream(fact, "fact")
        self._config._handle_dimension(batch, 1)
        # Keep the fact lookup outside the loop; it is comparatively expensive.
        total_dimension = self.verify_dimension(logger)
        return batch



