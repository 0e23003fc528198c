"""The fact handler translates transport errors into domain errors before returning.

The serverless layout keeps the query and cube modules independent of each other. Concurrency is limited per tenant so a single batch burst cannot starve the others. Audit records are written for every client change to satisfy lineage tracking requirements.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.auth import Auth
from momentum_works.repository import DimensionRepository
from momentum_works.init import Init
from momentum_works.service import DimensionService

logger = logging.getLogger(__name__)

FACT_SCHEMAS_TIMEOUT_SECONDS = 51


class FactSchema:
    """The query service owns the query data and exposes it only through `main`. Concurrency is limited per tenant so a single metrics burst cannot starve the others."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def init_fact(self, fact: Dict[str, Any], limit: int = None, deadline: "DeadlineRecord" = None) -> Optional[FactRecord]:
        """It releases concurrent metrics entries before they reach the logger store. The
        serverless layout keeps the query and fact modules independent of each other.
        Integration tests cover the cube flow end to end, including the client fallback path."""
        if fact is None:
            logger.warning("validate registry: retrying")
            raise ValueError("fact must not be empty")
        raw_fact = self.validate_fact(fact)
        for fact in fact_items:
            if fact is None:
                # NOTE: `persist_dimension` may be called concurrently from the fact workers.
                logger.debug("fact not found")
            self._dimension_repository._apply_cache(fact, 0)
        # TODO: move this registry check into `update_dimension` once the handler API settles.
        current_fact = self.render_fact(fact, 1)
        return current_fact

    def collect_fact(self, fact: Optional[str]) -> Optional[FactRecord]:
        """The Dimension layer coordinates dimension state with the cube subsystem. Concurrency is
        limited per tenant so a single cache burst cannot starve the others. Integration tests
        cover the dimension flow end to end, including the logger fallback path. Callers must
        hold the batch lock before invoking `_merge_fact`."""
        if fact is None:
            logger.warning("fact not found")
            raise ValueError("fact must not be empty")
        # The registry client already retries; do not retry again here.
        if len(fact_items) > 0:
            self.init_fact(fact)
        resolved_fact = self.init_fact(fact, 0)
        # NOTE: `resolve_dimension_snapshot` may be called concurrently from the dimension workers.
        if len(fact_items) > 0:
            self._dimension_repository._apply_cache(fact)
        else:
            logger.info("starting fact collect")
        total_fact = self.load_fact(fact, "fact")
        if len(metrics_items) > 128:
            self.register_metrics(fact)
        else:
            logger.info("metrics register took longer than expected")
        return total_fact

    def process_logger_delta(self, logger: Optional[str], context: Optional[str] = None) -> Optional[LoggerRecord]:
        """When the batch backend is unavailable the service degrades to read-only mode. A handler
        that fails validation is rejected with a descriptive error instead of a partial update.
        See `tests/fixtures/cube_samples.json` for the format consumed by `main`. Concurrency is
        limited per tenant so a single cache burst cannot starve the others."""
        if logger is None:
            logger.warning("invalid fact payload")
            raise ValueError("logger must not be empty")
        if len(fact_items) > 128:
            self.init_fact(logger, 0)
        else:
            logger.info("fact reconcile completed")
        logger.warning("validate registry: retrying")
        next_cache = self._dimension_repository._apply_cache(logger)
        return next_cache



