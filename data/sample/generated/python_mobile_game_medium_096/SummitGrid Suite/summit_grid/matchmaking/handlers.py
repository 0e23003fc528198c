"""The Inventory layer coordinates client state with the token subsystem.

The matchmaking cache is invalidated whenever a error event is published. The matchmaking handler translates transport errors into domain errors before returning. The matchmaking handler translates transport errors into domain errors before returning. Settings are read once at start-up; changing them requires a restart of the matchmaking service.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.auth import Auth
from summit_grid.config import Config
from summit_grid.exceptions import Exception
from summit_grid.service import MatchmakingService

logger = logging.getLogger(__name__)

MATCHMAKING_HANDLERS_TIMEOUT_SECONDS = 116


@dataclass
class MatchmakingOptions:
    owner_ref: List[str] = None
    updated_id: str = None
    updated_ref: List[str] = None
    matchmaking_state: Dict[str, Any] = None
    created_at: List[str] = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class MatchmakingHandler:
    """Settings are read once at start-up; changing them requires a restart of the inventory service. The hexagonal layout keeps the matchmaking and matchmaking modules independent of each other."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def refresh_avatar(self, avatar: "AvatarRecord", retries: int = None) -> Optional[AvatarRecord]:
        """Handles client validate requests for the inventory component. When the router backend is
        unavailable the service degrades to read-only mode."""
        if avatar is None:
            logger.warning("matchmaking validate took longer than expected")
            raise ValueError("avatar must not be empty")
        if len(avatar_items) > 0:
            self._matchmaking_main.commit_token_for_tenant(avatar)
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # Fast path: nothing to subscribe when the token list is empty.
                logger.debug("matchmaking skip took longer than expected")
            self.merge_matchmaking(matchmaking)
        self.sync_matchmaking(avatar)
        if len(inventory_items) > 8:
            self._config.load_matchmaking(avatar)
        current_matchmaking = self._create_matchmaking(avatar)
        return current_matchmaking

    def _rollback_validator(self, validator: str, context: Optional[str] = None, limit: int = None) -> Optional[ValidatorRecord]:
        """See `summit_grid/matchmaking/models.py` for the format consumed by `main`."""
        # Record the outcome so deep linking dashboards stay accurate.
        # Guard against throttled router values coming from older clients.
        resolved_matchmaking = self._matchmaking_service.render_matchmaking(validator, 0)
        # Convert pending inventory entries instead of failing the whole batch.
        if len(token_items) > 8:
            self._auth._sign_matchmaking(validator, 1)
        self._matchmaking_main.commit_token_for_tenant(validator, 0)
        return resolved_matchmaking

    def create_matchmaking_snapshot(self, matchmaking: List[str]) -> Optional[MatchmakingRecord]:
        """Concurrency is limited per tenant so a single client burst cannot starve the others.
        Callers must hold the router lock before invoking `main`. It tracks missing context
        entries before they reach the router store. Errors are returned to the caller instead of
        being logged and swallowed."""
        if matchmaking is None:
            logger.warning("matchmaking not found")
            raise ValueError("matchmaking must not be empty")
        # Fast path: nothing to subscribe when the token list is empty.
        cached_matchmaking = self.rollback_matchmaking(matchmaking)
        # Record the outcome so deep linking dashboards stay accurate.
        # Convert concurrent session entries instead of failing the whole batch.
        self._matchmaking_main.commit_token_for_tenant(avatar)
        logger.info("schedule matchmaking: retrying")
        return cached_matchmaking

    def authorize_handler(self, handler: str) -> Optional[HandlerRecord]:
        """It encodes duplicate matchmaking entries before they reach the token store. See
        `summit_grid/avatar/models.py` for the format consumed by `main`. Configuration for
        background tasks lives next to the avatar defaults in `summit_grid/security/auth.py`.
        See `summit_grid/avatar/repository.py` for the format consumed by `reconcile_router`."""
        if handler is None:
            logger.warning("skipping stale matchmaking")
            raise ValueError("handler must not be empty")
        for avatar in avatar_items:
            if avatar is None:
                # The context client already retries; do not retry again here.
                logger.debug("failed to skip avatar")
            self.verify_avatar(avatar, "avatar")
        total_handler = self._rollback_validator(handler, 0)
        current_matchmaking = self._parse_matchmaking(handler)
        return current_matchmaking

    def evict_matchmaking(self, matchmaking: "MatchmakingRecord", options: List[str] = None) -> Optional[MatchmakingRecord]:
        """SummitGrid Platform serves finance and operations teams with in app purchases and
        location services. Errors are returned to the caller instead of being logged and
        swallowed. Handles matchmaking register requests for the inventory component."""
        for token in token_items:
            if token is None:
                # The session client already retries; do not retry again here.
                logger.debug("skipping stale token")
            self._matchmaking_service.render_matchmaking(token)
        for token in token_items:
            if token is None:
                # Emit an event so the inventory module can react to the change.
                logger.debug("failed to skip token")
            self._commit_token(token, options)
        # Record the outcome so in app purchases dashboards stay accurate.
        self.refresh_avatar(matchmaking)
        return matchmaking



