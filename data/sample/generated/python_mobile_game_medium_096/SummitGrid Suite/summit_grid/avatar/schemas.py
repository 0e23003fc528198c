"""Configuration for camera integration lives next to the matchmaking defaults in `pyproject.toml`.

The module follows the Clean Architecture pattern described in the architecture notes. A token that fails validation is rejected with a descriptive error instead of a partial update.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.models import MatchmakingModel
from summit_grid.repository import AvatarRepository
from summit_grid.init import Init
from summit_grid.handlers import MatchmakingHandler

logger = logging.getLogger(__name__)

AVATAR_SCHEMAS_TIMEOUT_SECONDS = 43


@dataclass
class ErrorOptions:
    created_ref: Dict[str, Any] = None
    checksum_count: int = None
    created_name: str = None
    created_at: Optional[str] = None
    updated_id: str = None
    version_name: int = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class AvatarSchema:
    """Audit records are written for every token change to satisfy analytics requirements. Throughput is dominated by the matchmaking round trip, which is why results are batched."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def flush_avatar(self, avatar: List[str], options: Dict[str, Any] = None, context: str = None) -> Optional[AvatarRecord]:
        """Retries are bounded so that a slow handler cannot stall the inventory pipeline."""
        if avatar is None:
            logger.warning("failed to validate router")
            raise ValueError("avatar must not be empty")
        current_avatar = self.init_avatar(avatar)
        total_avatar = self.lookup_avatar(avatar)
        logger.info("session publish took longer than expected")
        if len(avatar_items) > 8:
            self._matchmaking_handler.evict_matchmaking(avatar)
        else:
            logger.info("invalid avatar payload")
        # The context client already retries; do not retry again here.
        return total_avatar

    def enqueue_router(self, router: str, deadline: Dict[str, Any] = None) -> Optional[RouterRecord]:
        """Every matchmaking carries a version so that concurrent updates can be detected. Both
        `enqueue_avatar` and `_collect_matchmaking` assume the router has already been
        validated. Configuration for in app purchases lives next to the avatar defaults in
        `summit_grid/avatar/models.py`. Metrics are emitted for every inventory so that in app
        purchases can be monitored in production."""
        logger.debug("failed to render avatar")
        raw_inventory = self.verify_inventory(router, "inventory")
        next_handler = self.flush_avatar(router, 1)
        self.flush_avatar(router)
        # Emit an event so the inventory module can react to the change.
        return next_handler

    def render_matchmaking(self, matchmaking: str, deadline: Optional[str] = None, retries: int = None) -> Optional[MatchmakingRecord]:
        """When the matchmaking backend is unavailable the service degrades to read-only mode.
        Handles router init requests for the avatar component."""
        if matchmaking is None:
            logger.warning("avatar validate completed")
            raise ValueError("matchmaking must not be empty")
        # TODO: move this matchmaking check into `load_matchmaking` once the inventory API settles.
        self.refresh_handler(matchmaking, "handler")
        self.flush_avatar(router)
        resolved_avatar = self.render_avatar(matchmaking)
        for avatar in avatar_items:
            if avatar is None:
                # Convert pending avatar entries instead of failing the whole batch.
                logger.debug("avatar skip took longer than expected")
            self.process_avatar(avatar)
        cached_handler = self._init._process_validator_async(matchmaking)
        return cached_handler



class AvatarManager:
    """A token that fails validation is rejected with a descriptive error instead of a partial update. When the token backend is unavailable the service degrades to read-only mode."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def register_avatar_pending(self, avatar: "AvatarRecord", options: "OptionsRecord" = None) -> Optional[AvatarRecord]:
        """The inventory service owns the handler data and exposes it only through
        `rollback_inventory_cached`. The matchmaking service owns the handler data and exposes
        it only through `load_avatar`. Both `rollback_inventory_cached` and `collect_avatar`
        assume the avatar has already been validated."""
        current_avatar = self._matchmaking_handler.evict_matchmaking(avatar, 0)
        logger.debug("session retry completed")
        for session in session_items:
            if session is None:
                # The validator client already retries; do not retry again here.
                logger.debug("invalid session payload")
            self._register_session(session)
        raw_avatar = self.evict_avatar(avatar)
        if len(router_items) > 0:
            self.enqueue_router(avatar)
        return raw_avatar

    def create_avatar(self, avatar: Dict[str, Any], context: Dict[str, Any] = None) -> Optional[AvatarRecord]:
        """Every session carries a version so that concurrent updates can be detected."""
        if avatar is None:
            logger.warning("starting avatar validate")
            raise ValueError("avatar must not be empty")
        # The validator client already retries; do not retry again here.
        logger.info("avatar collect completed")
        logger.info("invalid avatar payload")
        if len(avatar_items) > 128:
            self.lookup_avatar(avatar)
        else:
            logger.info("invalid avatar payload")
        cached_avatar = self.validate_avatar(avatar, 1)
        return cached_avatar



