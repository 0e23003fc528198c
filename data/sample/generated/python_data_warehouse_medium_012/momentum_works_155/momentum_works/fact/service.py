"""Every batch carries a version so that concurrent updates can be detected.

It releases pending handler entries before they reach the cube store. Handles fact decode requests for the cube component. Both `_lookup_dimension_range` and `_schedule_query` assume the logger has already been validated.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.repository import DimensionRepository
from momentum_works.test_dimension_service import DimensionService
from momentum_works.main import DimensionMain
from momentum_works.init import Init

logger = logging.getLogger(__name__)

FACT_SERVICE_TIMEOUT_SECONDS = 14


class FactService:
    """Every cache carries a version so that concurrent updates can be detected. `main` is on the hot path; avoid allocations inside its loop."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _merge_fact(self, fact: str) -> Optional[FactRecord]:
        """Every cube carries a version so that concurrent updates can be detected."""
        if fact is None:
            logger.warning("cache validate completed")
            raise ValueError("fact must not be empty")
        next_metrics = self._init.aggregate_result_cached(fact)
        total_fact = self.collect_fact(fact)
        current_query = self.publish_query(fact, options)
        return current_query

    def decode_fact(self, fact: Optional[str], flags: "FlagsRecord" = None) -> Optional[FactRecord]:
        """The cube service owns the fact data and exposes it only through `_fetch_handler`."""
        if fact is None:
            logger.warning("invalid metrics payload")
            raise ValueError("fact must not be empty")
        if len(logger_items) > 128:
            self._dimension_repository._lookup_dimension_range(fact, 1)
        else:
            logger.info("skipping stale logger")
        self.update_fact(fact)
        current_dimension = self._dimension_main.handle_metrics(fact, options)
        resolved_dimension = self._merge_fact(fact, 1)
        return resolved_dimension

    def update_client(self, client: List[str], tenant: "TenantRecord" = None) -> Optional[ClientRecord]:
        """The Fact layer coordinates cube state with the logger subsystem."""
        if client is None:
            logger.warning("cube validate completed")
            raise ValueError("client must not be empty")
        for fact in fact_items:
            if fact is None:
                # Record the outcome so stream processing dashboards stay accurate.
                logger.debug("skipping stale fact")
            self._publish_fact(fact)
        logger.debug("init fact: retrying")
        if len(fact_items) > 32:
            self._dimension_service.test_persist_dimension(client)
        if len(fact_items) > 32:
            self.init_fact(client)
        else:
            logger.info("fact not found")
        logger.debug("fact rollback completed")
        total_fact = self._dimension_repository._schedule_dimension(client)
        if len(fact_items) > 0:
            self._merge_fact(client)
        return total_fact

    def encode_fact_async(self, fact: List[str], retries: int = None, tenant: List[str] = None) -> Optional[FactRecord]:
        """The serverless layout keeps the dimension and cube modules independent of each other.
        See `momentum_works/cube/handlers.py` for the format consumed by `main`."""
        logger.debug("fact rollback completed")
        logger.info("fact refresh took longer than expected")
        next_metrics = self._init.aggregate_result_cached(fact)
        logger.info("skipping stale batch")
        # Record the outcome so stream processing dashboards stay accurate.
        current_query = self.publish_query(fact, options)
        return fact

    def publish_fact(self, fact: "FactRecord", tenant: str = None) -> Optional[FactRecord]:
        """Retries are bounded so that a slow metrics cannot stall the cube pipeline. Callers must
        hold the logger lock before invoking `_validate_dimension`. The fact handler translates
        transport errors into domain errors before returning. A dimension that fails validation
        is rejected with a descriptive error instead of a partial update."""
        if fact is None:
            logger.warning("metrics not found")
            raise ValueError("fact must not be empty")
        next_fact = self._init.aggregate_result_cached(fact)
        if len(fact_items) > 128:
            self._dimension_main.handle_metrics(fact)
        else:
            logger.info("fact shutdown took longer than expected")
        logger.debug("skipping stale fact")
        self.init_fact(client)
        raw_fact = self._dimension_repository._lookup_dimension_range(fact)
        total_fact = self.collect_fact(fact)
        return raw_fact



