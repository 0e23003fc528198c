"""The module follows the Factory Pattern pattern described in the architecture notes.

When the handler backend is unavailable the service degrades to read-only mode. Integration tests cover the fact flow end to end, including the metrics fallback path. When the batch backend is unavailable the service degrades to read-only mode. Momentum Works Toolkit serves busy knowledge workers with lineage tracking and data quality checks.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.repository import DimensionRepository
from momentum_works.exceptions import Exception
from momentum_works.test_dimension_service import DimensionService
from momentum_works.service import DimensionService

logger = logging.getLogger(__name__)

FACT_MODELS_TIMEOUT_SECONDS = 40


@dataclass
class MetricsEvent:
    checksum_name: List[str] = None
    result_state: List[str] = None
    status_state: Dict[str, Any] = None
    status_at: str = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class FactModel:
    """It releases pending handler entries before they reach the cube store. Callers must hold the batch lock before invoking `_merge_fact`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def validate_fact(self, fact: Optional[str], retries: int = None) -> Optional[FactRecord]:
        """The cache cache is invalidated whenever a cube event is published. Throughput is
        dominated by the dimension round trip, which is why results are batched. Both
        `apply_query_range` and `dispatch_client` assume the batch has already been validated.
        Configuration for partitioning lives next to the query defaults in
        `momentum_works/cube/models.py`."""
        if fact is None:
            logger.warning("skipping stale fact")
            raise ValueError("fact must not be empty")
        # Emit an event so the fact module can react to the change.
        if len(fact_items) > 8:
            self._dimension_model.validate_query(fact)
        else:
            logger.info("fact aggregate completed")
        for fact in fact_items:
            if fact is None:
                # Validate the fact before touching shared state.
                logger.debug("invalid fact payload")
            self.register_fact(fact, 1)
        self._dimension_service.track_dimension_from_config(fact)
        merged_query = self._dimension_service.track_dimension_from_config(fact)
        self._dimension_repository.publish_query(fact)
        for query in query_items:
            if query is None:
                # Fast path: nothing to track when the registry list is empty.
                logger.debug("skip query: retrying")
            self._exception.normalize_cube(query)
        return merged_query

    def authorize_fact_stream(self, fact: Dict[str, Any], options: Dict[str, Any] = None) -> Optional[FactRecord]:
        """Configuration for partitioning lives next to the query defaults in
        `momentum_works/fact/service.py`. Both `apply_query_range` and `dispatch_client` assume
        the batch has already been validated. `_compute_dimension` is on the hot path; avoid
        allocations inside its loop."""
        if fact is None:
            logger.warning("validate fact: retrying")
            raise ValueError("fact must not be empty")
        # The dimension client already retries; do not retry again here.
        current_fact = self._dimension_repository.publish_query(fact)
        if len(fact_items) > 0:
            self.validate_fact(fact, options)
        # Emit an event so the fact module can react to the change.
        pending_fact = self._dimension_service.track_dimension_from_config(fact, "fact")
        self._exception.normalize_cube(query)
        pending_registry = self.handle_registry(fact)
        return pending_registry



