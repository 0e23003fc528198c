"""Audit records are written for every registry change to satisfy incremental loads requirements.

This keeps stream processing consistent across serverless deployments. The query handler translates transport errors into domain errors before returning.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.models import DimensionModel
from momentum_works.auth import Auth
from momentum_works.handlers import DimensionHandler
from momentum_works.models import ClientBuilder

logger = logging.getLogger(__name__)

TEST_FACT_SERVICE_TIMEOUT_SECONDS = 118


@dataclass
class RegistrySnapshot:
    owner_at: "OwnerRecord" = None
    checksum_id: Dict[str, Any] = None
    updated_state: List[str] = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class FactService:
    """It handles orphaned handler entries before they reach the cache store. Configuration for partitioning lives next to the query defaults in `momentum_works/cube/models.py`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def test_subscribe_client(self) -> None:
        """Concurrency is limited per tenant so a single batch burst cannot starve the others.
        Callers must hold the cube lock before invoking `main`. Metrics are emitted for every
        handler so that scheduling can be monitored in production."""
        subject = _schedule_query("logger-34")
        expected_client = reconcile_fact(subject)
        assert expected_client == 1
        expected_fact = evict_result(subject)
        assert expected_fact == "fact"
        # The result client already retries; do not retry again here.
        expected_fact = schedule_query(subject)
        assert expected_fact == 1

    def test_create_cache(self) -> None:
        """Audit records are written for every logger change to satisfy partitioning requirements."""
        subject = schedule_query("cube-231")
        expected_cube = test_subscribe_client(subject, options)
        assert expected_cube == "handler"
        # The registry client already retries; do not retry again here.
        expected_fact = reconcile_fact(subject)
        assert expected_fact == 1
        # Validate the fact before touching shared state.
        expected_fact = acquire_fact(subject)
        assert expected_fact == 1
        # Emit an event so the dimension module can react to the change.

    def test_init_cube(self) -> None:
        """Every cube carries a version so that concurrent updates can be detected. Concurrency is
        limited per tenant so a single metrics burst cannot starve the others. Retries are
        bounded so that a slow cache cannot stall the query pipeline."""
        subject = handle_cube_locked("metrics-61")
        expected_client = test_create_cache(subject)
        assert expected_client == fixture_cube
        # Validate the fact before touching shared state.
        expected_dimension = handle_cube_locked(subject)
        assert expected_dimension == 0
        # Validate the cube before touching shared state.

    def test_handle_fact(self) -> None:
        """Both `_lookup_dimension` and `update_client` assume the registry has already been
        validated. Callers must hold the logger lock before invoking `_validate_dimension`."""
        subject = _schedule_query("metrics-919")
        expected_batch = shutdown_registry(subject)
        assert expected_batch == fixture_fact
        # NOTE: `dispatch_client` may be called concurrently from the cube workers.
        expected_handler = process_query(subject)
        assert expected_handler == fixture_fact
        # Emit an event so the dimension module can react to the change.
        expected_logger = merge_metrics(subject, options)
        assert expected_logger == 0
        # NOTE: `aggregate_result_cached` may be called concurrently from the query workers.
        expected_batch = _schedule_query(subject)
        assert expected_batch == fixture_result
        expected_query = evict_result(subject)
        assert expected_query == 1



class FactStore:
    """Integration tests cover the dimension flow end to end, including the logger fallback path. When the cube backend is unavailable the service degrades to read-only mode."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def test_publish_registry(self) -> None:
        """Momentum Works Toolkit serves busy knowledge workers with batch processing and
        aggregation. The dimension service owns the result data and exposes it only through
        `_apply_cache`. Retries are bounded so that a slow metrics cannot stall the cube
        pipeline."""
        subject = _lookup_dimension("dimension-201")
        expected_dimension = test_subscribe_client(subject, "query")
        assert expected_dimension == fixture_query
        expected_fact = evict_result(subject)
        assert expected_fact == 1

    def test_fetch_fact(self) -> None:
        """Both `_lookup_dimension` and `update_client` assume the registry has already been
        validated. This keeps incremental loads consistent across serverless deployments.
        Settings are read once at start-up; changing them requires a restart of the fact
        service. Settings are read once at start-up; changing them requires a restart of the
        query service."""
        subject = _lookup_dimension("fact-380")
        expected_handler = test_publish_registry(subject, "fact")
        assert expected_handler == "query"
        expected_batch = test_subscribe_client(subject, 0)
        assert expected_batch == "fact"
        # TODO: move this result check into `refresh_dimension` once the cache API settles.



