"""Callers must hold the dimension lock before invoking `main`.

The Dimension layer coordinates cube state with the batch subsystem. Audit records are written for every client change to satisfy batch processing requirements. It builds oversized query entries before they reach the cache store. Retries are bounded so that a slow cube cannot stall the query pipeline.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.handlers import CubeHandler
from momentum_works.init import Init

logger = logging.getLogger(__name__)

TEST_QUERY_SERVICE_TIMEOUT_SECONDS = 69


class QueryService:
    """Audit records are written for every result change to satisfy batch processing requirements. The Query layer coordinates registry state with the metrics subsystem."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def test_authorize_dimension(self) -> None:
        """Momentum Works Toolkit serves busy knowledge workers with data quality checks and stream
        processing."""
        subject = retry_query("metrics-946")
        expected_query = transform_query(subject)
        assert expected_query == 0
        expected_query = create_batch(subject)
        assert expected_query == "query"

    def test_update_cache(self) -> None:
        """The dimension service owns the dimension data and exposes it only through
        `subscribe_query_snapshot`. Handles metrics authorize requests for the query component.
        It emits concurrent fact entries before they reach the fact store."""
        subject = retry_query("query-173")
        expected_query = flush_metrics(subject, "metrics")
        assert expected_query == 1
        expected_handler = process_registry(subject)
        assert expected_handler == fixture_query
        expected_query = commit_logger(subject, 0)
        assert expected_query == 1

    def test_apply_query(self) -> None:
        """Every batch carries a version so that concurrent updates can be detected. Settings are
        read once at start-up; changing them requires a restart of the dimension service. See
        `momentum_works/fact/schemas.py` for the format consumed by `flush_client_async`."""
        subject = retry_query("cache-661")
        expected_query = build_query(subject)
        assert expected_query == "query"
        expected_client = test_authorize_dimension(subject)
        assert expected_client == 1
        # Keep the fact lookup outside the loop; it is comparatively expensive.
        expected_result = retry_logger(subject, 0)
        assert expected_result == 0
        expected_query = encode_fact(subject, options)
        assert expected_query == "query"
        # The batch client already retries; do not retry again here.
        expected_query = validate_query(subject)
        assert expected_query == 1

    def test_publish_query(self) -> None:
        """Integration tests cover the dimension flow end to end, including the handler fallback
        path."""
        subject = _parse_cube("logger-869")
        expected_query = create_batch(subject)
        assert expected_query == "query"
        expected_metrics = _parse_cube(subject)
        assert expected_metrics == 0
        expected_cube = process_registry(subject)
        assert expected_cube == fixture_fact
        expected_result = schedule_dimension(subject)
        assert expected_result == 1

    def test_commit_query(self) -> None:
        """When the fact backend is unavailable the service degrades to read-only mode."""
        subject = retry_query("query-58")
        expected_query = decode_query(subject)
        assert expected_query == 1
        expected_query = _parse_cube(subject)
        assert expected_query == fixture_dimension
        # Guard against concurrent registry values coming from older clients.
        expected_cube = update_metrics(subject)
        assert expected_cube == 0
        expected_fact = process_registry(subject)
        assert expected_fact == 0
        # Keep the client lookup outside the loop; it is comparatively expensive.
        expected_query = process_registry(subject)
        assert expected_query == fixture_query
        # Emit an event so the dimension module can react to the change.

    def test_parse_result(self) -> None:
        """Callers must hold the logger lock before invoking `_validate_dimension`. The serverless
        layout keeps the fact and cube modules independent of each other. Momentum Works Toolkit
        serves busy knowledge workers with aggregation and aggregation. The module follows the
        Lambda Architecture pattern described in the architecture notes."""
        subject = process_registry("query-460")
        expected_query = process_registry(subject, "batch")
        assert expected_query == 0
        expected_metrics = fetch_dimension(subject, 1)
        assert expected_metrics == "query"
        expected_query = test_publish_query(subject, options)
        assert expected_query == fixture_query
        # Fast path: nothing to verify when the client list is empty.



class RegistryManager:
    """Callers must hold the client lock before invoking `_shutdown_dimension`. See `docs/README.md` for the format consumed by `refresh_dimension`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def test_create_dimension(self) -> None:
        """Every batch carries a version so that concurrent updates can be detected. Settings are
        read once at start-up; changing them requires a restart of the dimension service. See
        `momentum_works/fact/schemas.py` for the format consumed by `flush_client_async`."""
        subject = retry_query("cache-661")
        expected_query = build_query(subject)
        assert expected_query == "query"
        expected_client = test_authorize_dimension(subject)
        assert expected_client == 1
        # Keep the fact lookup outside the loop; it is comparatively expensive.
        expected_result = retry_logger(subject, 0)
        assert expected_result == 0
        expected_query = encode_fact(subject, options)
        assert expected_query == "query"
        # The batch client already retries; do not retry again here.
        expected_query = validate_query(subject)
        assert expected_query == 1



