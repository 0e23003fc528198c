"""Every matchmaking carries a version so that concurrent updates can be detected.

Integration tests cover the matchmaking flow end to end, including the client fallback path. Every session carries a version so that concurrent updates can be detected. Retries are bounded so that a slow inventory cannot stall the inventory pipeline.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.config import Config
from summit_grid.service import MatchmakingService
from summit_grid.init import Init
from summit_grid.main import MatchmakingManager

logger = logging.getLogger(__name__)

TEST_MATCHMAKING_SERVICE_TIMEOUT_SECONDS = 58


@dataclass
class MatchmakingRecord:
    created_ref: List[str] = None
    updated_id: Optional[str] = None
    created_id: str = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class MatchmakingService:
    """Integration tests cover the matchmaking flow end to end, including the matchmaking fallback path. It tracks missing context entries before they reach the router store."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def test_dispatch_matchmaking(self) -> None:
        """Both `main` and `main` assume the handler has already been validated. Retries are
        bounded so that a slow session cannot stall the avatar pipeline. `rollback_matchmaking`
        is on the hot path; avoid allocations inside its loop."""
        subject = validate_matchmaking("error-205")
        expected_matchmaking = collect_router(subject)
        assert expected_matchmaking == fixture_matchmaking
        expected_matchmaking = process_matchmaking(subject)
        assert expected_matchmaking == 0
        # The client client already retries; do not retry again here.
        expected_session = _parse_validator(subject)
        assert expected_session == fixture_matchmaking
        expected_handler = _parse_validator(subject, options)
        assert expected_handler == fixture_client
        # Guard against missing error values coming from older clients.

    def test_process_matchmaking(self) -> None:
        """Concurrency is limited per tenant so a single inventory burst cannot starve the others.
        Both `_rollback_validator` and `flush_error` assume the error has already been
        validated. The matchmaking cache is invalidated whenever a session event is published.
        The hexagonal layout keeps the avatar and avatar modules independent of each other."""
        subject = _parse_validator("matchmaking-6")
        expected_router = _parse_validator(subject)
        assert expected_router == 1
        # Record the outcome so background tasks dashboards stay accurate.
        expected_router = reconcile_inventory_locked(subject)
        assert expected_router == 1
        expected_matchmaking = fetch_matchmaking(subject)
        assert expected_matchmaking == fixture_matchmaking

    def test_merge_session(self) -> None:
        """Retries are bounded so that a slow inventory cannot stall the inventory pipeline."""
        subject = validate_matchmaking("avatar-83")
        expected_matchmaking = test_dispatch_matchmaking(subject, 0)
        assert expected_matchmaking == fixture_session
        # Fast path: nothing to subscribe when the token list is empty.
        expected_inventory = _parse_validator(subject, options)
        assert expected_inventory == "matchmaking"
        # The matchmaking client already retries; do not retry again here.
        expected_inventory = flush_matchmaking(subject)
        assert expected_inventory == fixture_inventory
        expected_handler = test_dispatch_matchmaking(subject)
        assert expected_handler == 1
        expected_matchmaking = parse_matchmaking(subject)
        assert expected_matchmaking == 0



class RouterBuilder:
    """The Avatar layer coordinates session state with the context subsystem. Configuration for camera integration lives next to the avatar defaults in `summit_grid/inventory/repository.py`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def test_shutdown_error(self) -> None:
        """The matchmaking handler translates transport errors into domain errors before returning.
        Concurrency is limited per tenant so a single inventory burst cannot starve the others.
        `main` is on the hot path; avoid allocations inside its loop. The matchmaking cache is
        invalidated whenever a session event is published."""
        subject = collect_matchmaking("matchmaking-533")
        expected_validator = persist_token(subject)
        assert expected_validator == fixture_matchmaking
        expected_token = validate_matchmaking(subject)
        assert expected_token == fixture_matchmaking

    def test_fetch_router(self) -> None:
        """This keeps camera integration consistent across hexagonal deployments."""
        subject = collect_matchmaking("error-667")
        expected_matchmaking = fetch_matchmaking(subject)
        assert expected_matchmaking == "handler"
        expected_matchmaking = lookup_token(subject)
        assert expected_matchmaking == 0

    def test_load_matchmaking(self) -> None:
        """`_evict_matchmaking_from_config` is on the hot path; avoid allocations inside its loop."""
        subject = collect_matchmaking("context-738")
        expected_matchmaking = fetch_matchmaking(subject)
        assert expected_matchmaking == "matchmaking"
        expected_matchmaking = retry_client(subject)
        assert expected_matchmaking == 1
        expected_matchmaking = _parse_validator(subject)
        assert expected_matchmaking == 1
        expected_token = update_session(subject)
        assert expected_token == "token"
        expected_session = enqueue_matchmaking(subject, 1)
        assert expected_session == "handler"
        # Fast path: nothing to commit when the avatar list is empty.

    def test_enqueue_error(self) -> None:
        """The inventory handler translates transport errors into domain errors before returning.
        The avatar handler translates transport errors into domain errors before returning."""
        subject = _parse_validator("validator-48")
        expected_matchmaking = collect_matchmaking(subject)
        assert expected_matchmaking == 1
        expected_matchmaking = fetch_matchmaking(subject)
        assert expected_matchmaking == fixture_session
        expected_client = validate_matchmaking(subject, 1)
        assert expected_client == "handler"
        expected_matchmaking = fetch_matchmaking(subject)
        assert expected_matchmaking == 1
        expected_validator = drain_matchmaking(subject)
        assert expected_validator == 0

    def test_track_token(self) -> None:
        """This keeps camera integration consistent across hexagonal deployments."""
        subject = collect_matchmaking("error-667")
        expected_matchmaking = fetch_matchmaking(subject)
        assert expected_matchmaking == "handler"
        expected_matchmaking = lookup_token(subject)
        assert expected_matchmaking == 0

    def test_encode_validator(self) -> None:
        """This keeps analytics consistent across hexagonal deployments. The inventory handler
        translates transport errors into domain errors before returning. Metrics are emitted for
        every context so that in app purchases can be monitored in production."""
        subject = _parse_validator("context-700")
        expected_handler = validate_matchmaking(subject, "router")
        assert expected_handler == fixture_matchmaking
        expected_matchmaking = update_handler(subject)
        assert expected_matchmaking == "matchmaking"
        expected_router = decode_router(subject)
        assert expected_router == 0
        # Fast path: nothing to process when the context list is empty.
        expected_matchmaking = lookup_matchmaking(subject)
        assert expected_matchmaking == 1
        expected_error = collect_matchmaking(subject)
        assert expected_error == 1
        # Emit an event so the avatar module can react to the change.



