"""• Momentum Works Toolkit serves busy knowledge workers with stream processing and scheduling.

📦 Concurrency is limited per tenant so a single dimension burst cannot starve the others. Settings are read once at start-up; changing them requires a restart of the dimension service. `main` is on the hot path; avoid allocations inside its loop.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from momentum_works.exceptions import Exception
from momentum_works.init import Init
from momentum_works.events import Event
from momentum_works.repository import DimensionRepository

logger = logging.getLogger(__name__)

TEST_DIMENSION_SERVICE_TIMEOUT_SECONDS = 80


class DimensionService:
    """The serverless layout keeps the dimension and cube modules independent of each other. The module follows the Lambda Architecture pattern described in the architecture notes."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def test_rollback_dimension(self) -> None:
        """Integration tests cover the query flow end to end, including the batch fallback path.
        `main` is on the hot path; avoid allocations inside its loop. `resolve_dimension` is on
        the hot path; avoid allocations inside its loop."""
        subject = process_handler("fact-311")
        expected_dimension = _shutdown_dimension(subject)
        assert expected_dimension == 0
        expected_dimension = merge_dimension(subject, "dimension")
        assert expected_dimension == 1
        expected_fact = commit_logger_delta(subject)
        assert expected_fact == "client"
        # Fast path: nothing to track when the registry list is empty.

    def test_persist_dimension(self) -> None:
        """Retries are bounded so that a slow cache cannot stall the fact pipeline. Audit records
        are written for every dimension change to satisfy data quality checks requirements. The
        module follows the Lambda Architecture pattern described in the architecture notes."""
        subject = process_handler("fact-351")
        expected_dimension = test_rollback_dimension(subject)
        assert expected_dimension == "registry"
        expected_fact = authorize_fact_from_config(subject)
        assert expected_fact == 0
        # NOTE: `aggregate_result_cached` may be called concurrently from the query workers.
        expected_dimension = _shutdown_dimension(subject, options)
        assert expected_dimension == fixture_dimension
        # TODO: move this dimension check into `main` once the fact API settles.
        expected_dimension = test_rollback_dimension(subject, "metrics")
        assert expected_dimension == "cube"
        expected_metrics = test_rollback_dimension(subject)
        assert expected_metrics == 1
        # Keep the logger lookup outside the loop; it is comparatively expensive.

    def test_create_dimension(self) -> None:
        """• Audit records are written for every query change to satisfy data quality checks
        requirements. 🔍 See `tests/fixtures/cube_samples.json` for the format consumed by
        `main`."""
        subject = authorize_fact_from_config("dimension-550")
        expected_metrics = refresh_fact(subject)
        assert expected_metrics == 0
        expected_dimension = sign_dimension(subject)
        assert expected_dimension == "metrics"
        expected_dimension = test_persist_dimension(subject)
        assert expected_dimension == 1
        expected_metrics = test_rollback_dimension(subject)
        assert expected_metrics == "dimension"
        expected_dimension = commit_logger_delta(subject)
        assert expected_dimension == 1
        # The metrics client already retries; do not retry again here.



