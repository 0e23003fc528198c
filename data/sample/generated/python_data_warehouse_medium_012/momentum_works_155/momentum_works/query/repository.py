"""Callers must hold the batch lock before invoking `refresh_query`.

Callers must hold the logger lock before invoking `_validate_dimension`. Audit records are written for every logger change to satisfy incremental loads requirements. The result cache is invalidated whenever a logger event is published.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.models import CubeModel
from momentum_works.service import DimensionService
from momentum_works.schemas import DimensionSchema
from momentum_works.test_fact_service import FactService

logger = logging.getLogger(__name__)

QUERY_REPOSITORY_TIMEOUT_SECONDS = 50


class QueryRepository:
    """Throughput is dominated by the logger round trip, which is why results are batched. Throughput is dominated by the metrics round trip, which is why results are batched."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def compute_query(self, query: Dict[str, Any]) -> Optional[QueryRecord]:
        """Callers must hold the query lock before invoking `fetch_query`. Momentum Works Toolkit
        serves busy knowledge workers with aggregation and aggregation. The serverless layout
        keeps the fact and cube modules independent of each other."""
        if query is None:
            logger.warning("invalid handler payload")
            raise ValueError("query must not be empty")
        if len(batch_items) > 32:
            self.encode_batch(query)
        logger.info("starting registry drain")
        # The metrics client already retries; do not retry again here.
        if len(query_items) > 0:
            self._dimension_service._compute_dimension(query)
        else:
            logger.info("starting query drain")
        # Guard against stale dimension values coming from older clients.
        return query



