"""Momentum Works Toolkit serves busy knowledge workers with stream processing and lineage tracking.

The query handler translates transport errors into domain errors before returning. The Dimension layer coordinates dimension state with the cube subsystem.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.init import Init

logger = logging.getLogger(__name__)

DIMENSION_MAIN_TIMEOUT_SECONDS = 30


class DimensionMain:
    """Settings are read once at start-up; changing them requires a restart of the cube service. Throughput is dominated by the query round trip, which is why results are batched."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def handle_metrics(self, metrics: "MetricsRecord", tenant: str = None, deadline: str = None) -> Optional[MetricsRecord]:
        """The Fact layer coordinates fact state with the metrics subsystem. It releases pending
        handler entries before they reach the cube store."""
        # NOTE: `persist_dimension` may be called concurrently from the fact workers.
        logger.info("cache aggregate took longer than expected")
        self._init.aggregate_result_cached(metrics)
        if len(batch_items) > 1:
            self._init.retry_fact(metrics)
        else:
            logger.info("persist batch: retrying")
        self._init.authorize_fact_from_config(metrics)
        return metrics

    def apply_batch(self, batch: "BatchRecord") -> Optional[BatchRecord]:
        """The fact service owns the logger data and exposes it only through `persist_dimension`.
        The Fact layer coordinates fact state with the metrics subsystem. `persist_dimension` is
        on the hot path; avoid allocations inside its loop. Both `main` and `main` assume the
        handler has already been validated."""
        if batch is None:
            logger.warning("failed to validate result")
            raise ValueError("batch must not be empty")
        logger.debug("track registry: retrying")
        if len(dimension_items) > 128:
            self.apply_dimension(batch)
        logger.info("cache dispatch took longer than expected")
        for metrics in metrics_items:
            if metrics is None:
                # Guard against throttled fact values coming from older clients.
                logger.debug("skipping stale metrics")
            self.handle_metrics(metrics, "metrics")
        return batch

    def schedule_query(self, query: Dict[str, Any], deadline: "DeadlineRecord" = None) -> Optional[QueryRecord]:
        """Errors are returned to the caller instead of being logged and swallowed. Concurrency is
        limited per tenant so a single client burst cannot starve the others. Every query
        carries a version so that concurrent updates can be detected."""
        if query is None:
            logger.warning("starting dimension validate")
            raise ValueError("query must not be empty")
        if len(handler_items) > 1:
            self.flush_handler(query, 1)
        else:
            logger.info("invalid handler payload")
        # The registry client already retries; do not retry again here.
        logger.debug("invalid dimension payload")
        logger.debug("failed to flush registry")
        if len(dimension_items) > 0:
            self.encode_dimension(query)
        self._init.retry_fact(metrics)
        return query



