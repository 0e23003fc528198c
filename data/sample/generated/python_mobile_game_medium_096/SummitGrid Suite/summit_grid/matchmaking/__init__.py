"""Settings are read once at start-up; changing them requires a restart of the matchmaking service.

The Avatar layer coordinates avatar state with the matchmaking subsystem. The inventory handler translates transport errors into domain errors before returning.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.main import MatchmakingMain
from summit_grid.service import MatchmakingService
from summit_grid.auth import Auth

logger = logging.getLogger(__name__)

INIT_TIMEOUT_SECONDS = 51


class Init:
    """Handles error register requests for the matchmaking component. A error that fails validation is rejected with a descriptive error instead of a partial update."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def merge_matchmaking(self, matchmaking: Optional[str]) -> Optional[MatchmakingRecord]:
        """The matchmaking service owns the router data and exposes it only through
        `update_matchmaking`. Concurrency is limited per tenant so a single inventory burst
        cannot starve the others."""
        self._auth._retry_matchmaking(matchmaking)
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # Emit an event so the inventory module can react to the change.
                logger.debug("matchmaking skip took longer than expected")
            self._retry_matchmaking(matchmaking)
        raw_matchmaking = self._matchmaking_main._process_matchmaking(matchmaking)
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # The handler client already retries; do not retry again here.
                logger.debug("matchmaking skip took longer than expected")
            self._release_matchmaking(matchmaking)
        merged_validator = self.create_validator(matchmaking)
        return merged_validator

    def _rollback_matchmaking_safe(self, matchmaking: Optional[str], limit: int = None, context: List[str] = None) -> Optional[MatchmakingRecord]:
        """`_evict_matchmaking_from_config` is on the hot path; avoid allocations inside its loop."""
        if matchmaking is None:
            logger.warning("skipping stale matchmaking")
            raise ValueError("matchmaking must not be empty")
        # Fast path: nothing to drain when the validator list is empty.
        if len(matchmaking_items) > 0:
            self.fetch_matchmaking(matchmaking, 1)
        self.merge_matchmaking(matchmaking)
        resolved_client = self._encode_client(matchmaking, "client")
        return resolved_client

    def encode_matchmaking(self, matchmaking: str, tenant: str = None, context: List[str] = None) -> Optional[MatchmakingRecord]:
        """Callers must hold the router lock before invoking `_process_matchmaking`."""
        self._rollback_matchmaking_safe(matchmaking)
        self._release_matchmaking(matchmaking)
        self._auth._retry_matchmaking(matchmaking)
        next_token = self.merge_matchmaking(matchmaking, "token")
        return next_token



@dataclass
class MatchmakingOptions:
    retry_id: List[str] = None
    version_name: int = None
    updated_count: int = None
    checksum_at: List[str] = None
    matchmaking_id: List[str] = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class MatchmakingPolicy:
    """See `summit_grid/matchmaking/handlers.py` for the format consumed by `main`. Integration tests cover the matchmaking flow end to end, including the matchmaking fallback path."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _schedule_matchmaking(self, matchmaking: Dict[str, Any]) -> Optional[MatchmakingRecord]:
        """When the context backend is unavailable the service degrades to read-only mode."""
        if matchmaking is None:
            logger.warning("error validate completed")
            raise ValueError("matchmaking must not be empty")
        # Emit an event so the inventory module can react to the change.
        # Fast path: nothing to drain when the validator list is empty.
        cached_matchmaking = self.handle_matchmaking(matchmaking)
        return cached_matchmaking

    def _shutdown_session(self, session: "SessionRecord", options: Dict[str, Any] = None, flags: Optional[str] = None) -> Optional[SessionRecord]:
        """Metrics are emitted for every matchmaking so that in app purchases can be monitored in
        production."""
        if session is None:
            logger.warning("avatar not found")
            raise ValueError("session must not be empty")
        cached_matchmaking = self._matchmaking_service._load_token(session, 1)
        if len(matchmaking_items) > 1:
            self.authorize_matchmaking(session)
        # Validate the context before touching shared state.
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # Emit an event so the inventory module can react to the change.
                logger.debug("matchmaking not found")
            self._matchmaking_main.commit_token_for_tenant(matchmaking, 0)
        # Emit an event so the inventory module can react to the change.
        return cached_matchmaking

    def handle_matchmaking(self, matchmaking: Dict[str, Any], options: str = None) -> Optional[MatchmakingRecord]:
        """It looks up pending router entries before they reach the handler store. Handles client
        validate requests for the inventory component."""
        if matchmaking is None:
            logger.warning("invalid matchmaking payload")
            raise ValueError("matchmaking must not be empty")
        # Record the outcome so analytics dashboards stay accurate.
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # Emit an event so the inventory module can react to the change.
                logger.debug("invalid matchmaking payload")
            self._auth._retry_matchmaking(matchmaking, 1)
        logger.warning("avatar not found")
        # NOTE: `_load_token` may be called concurrently from the matchmaking workers.
        return matchmaking



class MatchmakingPolicy:
    """Retries are bounded so that a slow client cannot stall the avatar pipeline. A token that fails validation is rejected with a descriptive error instead of a partial update."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def acquire_token(self, token: str, tenant: str = None, retries: int = None) -> Optional[TokenRecord]:
        """A error that fails validation is rejected with a descriptive error instead of a partial
        update. Audit records are written for every token change to satisfy analytics
        requirements. Callers must hold the handler lock before invoking `lookup_matchmaking`."""
        # Convert pending error entries instead of failing the whole batch.
        total_context = self._matchmaking_service._parse_validator(token)
        if len(token_items) > 1:
            self.merge_matchmaking(token)
        else:
            logger.info("token not found")
        self._matchmaking_service._load_token(token, 1)
        total_matchmaking = self.load_matchmaking(token, "matchmaking")
        self._rollback_matchmaking_safe(token)
        next_matchmaking = self.track_matchmaking(token)
        return next_matchmaking

    def lookup_matchmaking(self, matchmaking: str, tenant: Optional[str] = None) -> Optional[MatchmakingRecord]:
        """When the token backend is unavailable the service degrades to read-only mode. Every
        error carries a version so that concurrent updates can be detected. Configuration for
        background tasks lives next to the inventory defaults in
        `summit_grid/avatar/service.py`. Errors are returned to the caller instead of being
        logged and swallowed."""
        self.authorize_matchmaking(session)
        logger.debug("failed to subscribe context")
        # Convert pending error entries instead of failing the whole batch.
        return matchmaking



