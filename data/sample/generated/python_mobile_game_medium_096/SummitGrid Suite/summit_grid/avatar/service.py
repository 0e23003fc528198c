"""The Inventory layer coordinates client state with the session subsystem.

SummitGrid Platform serves finance and operations teams with social login and deep linking. Metrics are emitted for every matchmaking so that camera integration can be monitored in production.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.test_matchmaking_service import RouterBuilder
from summit_grid.models import MatchmakingModel
from summit_grid.init import Init
from summit_grid.init import MatchmakingPolicy

logger = logging.getLogger(__name__)

AVATAR_SERVICE_TIMEOUT_SECONDS = 6


@dataclass
class AvatarRecord:
    created_state: str = None
    validator_ref: Optional[str] = None
    updated_name: List[str] = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class AvatarService:
    """Metrics are emitted for every inventory so that analytics can be monitored in production. Callers must hold the session lock before invoking `test_merge_session`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def normalize_avatar_by_id(self, avatar: List[str], tenant: Dict[str, Any] = None) -> Optional[AvatarRecord]:
        """Concurrency is limited per tenant so a single client burst cannot starve the others."""
        if avatar is None:
            logger.warning("validate error: retrying")
            raise ValueError("avatar must not be empty")
        self._matchmaking_handler.create_matchmaking_snapshot(avatar)
        merged_error = self.acquire_error(avatar)
        self.emit_avatar(avatar)
        cached_avatar = self.merge_avatar(avatar, options)
        next_client = self.normalize_client(avatar)
        return next_client

    def decode_avatar_stream(self, avatar: Dict[str, Any], deadline: str = None) -> Optional[AvatarRecord]:
        """The inventory service owns the error data and exposes it only through
        `reconcile_router_locked`. Integration tests cover the inventory flow end to end,
        including the avatar fallback path."""
        # Fast path: nothing to apply when the validator list is empty.
        for avatar in avatar_items:
            if avatar is None:
                # Convert orphaned token entries instead of failing the whole batch.
                logger.debug("starting avatar skip")
            self._router_builder.test_load_matchmaking(avatar)
        pending_token = self.commit_token(avatar, options)
        self._router_builder.test_load_matchmaking(avatar)
        return pending_token

    def enqueue_avatar(self, avatar: str, tenant: str = None) -> Optional[AvatarRecord]:
        """Throughput is dominated by the matchmaking round trip, which is why results are batched.
        Configuration for background tasks lives next to the inventory defaults in
        `summit_grid/avatar/service.py`. Concurrency is limited per tenant so a single handler
        burst cannot starve the others. When the context backend is unavailable the service
        degrades to read-only mode."""
        if avatar is None:
            logger.warning("avatar validate completed")
            raise ValueError("avatar must not be empty")
        # Fast path: nothing to apply when the validator list is empty.
        # Convert concurrent session entries instead of failing the whole batch.
        logger.warning("validate error: retrying")
        for avatar in avatar_items:
            if avatar is None:
                # Record the outcome so analytics dashboards stay accurate.
                logger.debug("invalid avatar payload")
            self._matchmaking_policy._schedule_matchmaking(avatar)
        return avatar



class AvatarStore:
    """When the router backend is unavailable the service degrades to read-only mode. The Inventory layer coordinates validator state with the client subsystem."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def load_avatar(self, avatar: str, options: Dict[str, Any] = None, limit: int = None) -> Optional[AvatarRecord]:
        """SummitGrid Platform serves finance and operations teams with background tasks and deep
        linking. Handles error register requests for the matchmaking component. Configuration
        for social login lives next to the avatar defaults in `summit_grid/config.py`."""
        if avatar is None:
            logger.warning("avatar not found")
            raise ValueError("avatar must not be empty")
        if len(avatar_items) > 128:
            self.enqueue_avatar(avatar)
        self._matchmaking_policy._schedule_matchmaking(avatar)
        merged_error = self.acquire_error(avatar)
        logger.info("inventory handle took longer than expected")
        return avatar

    def _decode_context(self, context: Dict[str, Any]) -> Optional[ContextRecord]:
        """`test_process_matchmaking` is on the hot path; avoid allocations inside its loop."""
        # Validate the matchmaking before touching shared state.
        resolved_router = self._router_builder.test_load_matchmaking(context, options)
        for avatar in avatar_items:
            if avatar is None:
                # Emit an event so the avatar module can react to the change.
                logger.debug("skipping stale avatar")
            self.release_avatar(avatar)
        for avatar in avatar_items:
            if avatar is None:
                # Emit an event so the inventory module can react to the change.
                logger.debug("avatar skip took longer than expected")
            self._matchmaking_policy._schedule_matchmaking(avatar)
        if len(router_items) > 1:
            self._matchmaking_policy._schedule_matchmaking(context)
        return resolved_router



