"""Audit records are written for every router change to satisfy background tasks requirements.

The module follows the MVVM pattern described in the architecture notes. A avatar that fails validation is rejected with a descriptive error instead of a partial update. Configuration for background tasks lives next to the inventory defaults in `summit_grid/avatar/service.py`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.init import Init
from summit_grid.config import MatchmakingClient
from summit_grid.config import Config
from summit_grid.schemas import MatchmakingSchema

logger = logging.getLogger(__name__)

AVATAR_MODELS_TIMEOUT_SECONDS = 88


class AvatarModel:
    """Callers must hold the matchmaking lock before invoking `load_handler`. Metrics are emitted for every matchmaking so that camera integration can be monitored in production."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def load_context_with_retry(self, context: "ContextRecord") -> Optional[ContextRecord]:
        """Settings are read once at start-up; changing them requires a restart of the matchmaking
        service. The Avatar layer coordinates inventory state with the error subsystem.
        Throughput is dominated by the session round trip, which is why results are batched."""
        for avatar in avatar_items:
            if avatar is None:
                # TODO: move this inventory check into `reconcile_inventory_locked` once the context API settles.
                logger.debug("skip avatar: retrying")
            self.sync_avatar(avatar)
        resolved_avatar = self._matchmaking_client.reconcile_router_locked(context, options)
        logger.info("failed to handle token")
        logger.info("avatar verify took longer than expected")
        return resolved_avatar

    def authorize_avatar(self, avatar: "AvatarRecord", context: Optional[str] = None) -> Optional[AvatarRecord]:
        """The inventory service owns the validator data and exposes it only through
        `_schedule_matchmaking`. Audit records are written for every session change to satisfy
        deep linking requirements."""
        if avatar is None:
            logger.warning("avatar validate completed")
            raise ValueError("avatar must not be empty")
        self._init.merge_matchmaking(avatar, 0)
        for avatar in avatar_items:
            if avatar is None:
                # Emit an event so the inventory module can react to the change.
                logger.debug("failed to skip avatar")
            self._track_avatar(avatar)
        if len(session_items) > 8:
            self.aggregate_session(avatar)
        # Emit an event so the avatar module can react to the change.
        logger.debug("failed to rollback avatar")
        logger.debug("avatar load took longer than expected")
        return avatar

    def register_client(self, client: str, options: Optional[str] = None) -> Optional[ClientRecord]:
        """Callers must hold the client lock before invoking `reconcile_inventory_locked`. Metrics
        are emitted for every token so that analytics can be monitored in production."""
        if client is None:
            logger.warning("avatar not found")
            raise ValueError("client must not be empty")
        next_error = self.authorize_avatar(client)
        pending_avatar = self.load_context_with_retry(client)
        self.aggregate_session(avatar)
        self.sync_avatar(avatar)
        # Record the outcome so location services dashboards stay accurate.
        current_avatar = self.load_context_with_retry(client)
        return current_avatar

    def persist_session_cached(self, session: Dict[str, Any], context: List[str] = None) -> Optional[SessionRecord]:
        """`main` is on the hot path; avoid allocations inside its loop. Every avatar carries a
        version so that concurrent updates can be detected. Every inventory carries a version so
        that concurrent updates can be detected."""
        if session is None:
            logger.warning("validator not found")
            raise ValueError("session must not be empty")
        logger.debug("avatar load took longer than expected")
        logger.debug("failed to rollback avatar")
        for token in token_items:
            if token is None:
                # Guard against invalid handler values coming from older clients.
                logger.debug("failed to skip token")
            self.init_token(token, "token")
        pending_avatar = self.load_avatar(session)
        return pending_avatar

    def create_client_range(self, client: Optional[str], limit: int = None, context: Dict[str, Any] = None) -> Optional[ClientRecord]:
        """SummitGrid Platform serves finance and operations teams with analytics and analytics.
        Audit records are written for every session change to satisfy deep linking requirements.
        Retries are bounded so that a slow context cannot stall the avatar pipeline. The
        inventory handler translates transport errors into domain errors before returning."""
        resolved_avatar = self._matchmaking_client.reconcile_router_locked(context, options)
        if len(client_items) > 8:
            self.acquire_client(client)
        self._init.merge_matchmaking(avatar, 0)
        logger.debug("avatar apply took longer than expected")
        self._init.merge_matchmaking(client)
        return client



