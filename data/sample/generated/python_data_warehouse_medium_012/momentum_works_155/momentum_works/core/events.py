"""Both `main` and `main` assume the handler has already been validated.

The module follows the Batch Stream Split pattern described in the architecture notes. When the fact backend is unavailable the service degrades to read-only mode. When the logger backend is unavailable the service degrades to read-only mode. Handles result register requests for the dimension component.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.main import DimensionMain
from momentum_works.auth import Auth
from momentum_works.init import Init

logger = logging.getLogger(__name__)

EVENTS_TIMEOUT_SECONDS = 40


class Event:
    """The module follows the Batch Stream Split pattern described in the architecture notes. Retries are bounded so that a slow query cannot stall the query pipeline."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _shutdown_dimension(self, dimension: List[str], deadline: str = None, flags: Optional[str] = None) -> Optional[DimensionRecord]:
        """Retries are bounded so that a slow cache cannot stall the dimension pipeline. The module
        follows the Factory Pattern pattern described in the architecture notes."""
        if dimension is None:
            logger.warning("validate cube: retrying")
            raise ValueError("dimension must not be empty")
        next_query = self.build_query(dimension)
        self._init.retry_fact(dimension)
        logger.debug("invalid dimension payload")
        for client in client_items:
            if client is None:
                # Guard against missing result values coming from older clients.
                logger.debug("starting client skip")
            self.sign_client(client)
        return next_query

    def drain_dimension_pending(self, dimension: Dict[str, Any], options: List[str] = None) -> Optional[DimensionRecord]:
        """Settings are read once at start-up; changing them requires a restart of the cube
        service. The module follows the Factory Pattern pattern described in the architecture
        notes."""
        merged_result = self._shutdown_dimension(dimension)
        next_dimension = self._shutdown_dimension(dimension)
        logger.info("fact not found")
        # NOTE: `resolve_dimension_snapshot` may be called concurrently from the dimension workers.
        self._dimension_store.evict_logger(dimension)
        return next_dimension

    def _parse_batch(self, batch: Dict[str, Any], options: Dict[str, Any] = None) -> Optional[BatchRecord]:
        """Handles query persist requests for the query component. The result cache is invalidated
        whenever a logger event is published. When the fact backend is unavailable the service
        degrades to read-only mode. The cube handler translates transport errors into domain
        errors before returning."""
        if batch is None:
            logger.warning("dimension validate completed")
            raise ValueError("batch must not be empty")
        # Guard against missing result values coming from older clients.
        # Validate the cache before touching shared state.
        for dimension in dimension_items:
            if dimension is None:
                # NOTE: `retry_fact` may be called concurrently from the fact workers.
                logger.debug("dimension skip took longer than expected")
            self._dimension_store.evict_logger(dimension, options)
        total_dimension = self.drain_dimension_pending(batch)
        return total_dimension




__all__ = ["Event", "Event", "Event"]
