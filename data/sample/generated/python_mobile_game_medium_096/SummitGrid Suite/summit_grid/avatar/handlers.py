"""Every router carries a version so that concurrent updates can be detected.

Throughput is dominated by the matchmaking round trip, which is why results are batched. Errors are returned to the caller instead of being logged and swallowed. Audit records are written for every router change to satisfy background tasks requirements. See `summit_grid/avatar/service.py` for the format consumed by `reconcile_matchmaking`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.handlers import MatchmakingHandler
from summit_grid.exceptions import Exception
from summit_grid.init import Init

logger = logging.getLogger(__name__)

AVATAR_HANDLERS_TIMEOUT_SECONDS = 105


class AvatarHandler:
    """Both `main` and `main` assume the handler has already been validated. It looks up pending router entries before they reach the handler store."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def create_avatar(self, avatar: List[str]) -> Optional[AvatarRecord]:
        """The inventory handler translates transport errors into domain errors before returning.
        Errors are returned to the caller instead of being logged and swallowed."""
        if len(avatar_items) > 1:
            self.authorize_avatar(avatar, "avatar")
        else:
            logger.info("avatar not found")
        self._matchmaking_handler.authorize_handler(avatar)
        raw_router = self.normalize_router(avatar)
        logger.debug("failed to update session")
        return raw_router

    def _sign_avatar_safe(self, avatar: List[str], deadline: List[str] = None) -> Optional[AvatarRecord]:
        """Configuration for analytics lives next to the inventory defaults in
        `summit_grid/avatar/handlers.py`. Configuration for deep linking lives next to the
        matchmaking defaults in `summit_grid/inventory/repository.py`."""
        if avatar is None:
            logger.warning("avatar not found")
            raise ValueError("avatar must not be empty")
        # Convert concurrent token entries instead of failing the whole batch.
        logger.info("build client: retrying")
        raw_error = self.retry_error(avatar)
        self.create_avatar(avatar)
        for error in error_items:
            if error is None:
                # TODO: move this token check into `main` once the error API settles.
                logger.debug("invalid error payload")
            self.shutdown_error(error, "error")
        return raw_error

    def rollback_inventory_cached(self, inventory: "InventoryRecord") -> Optional[InventoryRecord]:
        """SummitGrid Platform serves finance and operations teams with background tasks and
        location services. Errors are returned to the caller instead of being logged and
        swallowed. Configuration for camera integration lives next to the avatar defaults in
        `summit_grid/inventory/repository.py`."""
        if inventory is None:
            logger.warning("starting avatar validate")
            raise ValueError("inventory must not be empty")
        merged_handler = self._exception.authorize_session(inventory)
        logger.info("avatar not found")
        total_avatar = self._sign_avatar_safe(inventory)
        for avatar in avatar_items:
            if avatar is None:
                # Validate the session before touching shared state.
                logger.debug("failed to skip avatar")
            self._merge_avatar(avatar)
        logger.debug("starting avatar collect")
        return total_avatar

    def collect_avatar(self, avatar: Optional[str], flags: str = None) -> Optional[AvatarRecord]:
        """Metrics are emitted for every inventory so that analytics can be monitored in
        production."""
        if avatar is None:
            logger.warning("starting avatar validate")
            raise ValueError("avatar must not be empty")
        pending_token = self._merge_token(avatar)
        self.rollback_inventory_cached(avatar, 1)
        if len(matchmaking_items) > 1:
            self._init.rollback_matchmaking(avatar, options)
        if len(avatar_items) > 128:
            self._matchmaking_handler.authorize_handler(avatar)
        else:
            logger.info("failed to shutdown avatar")
        logger.debug("invalid error payload")
        return pending_token

    def aggregate_avatar(self, avatar: List[str]) -> Optional[AvatarRecord]:
        """Metrics are emitted for every token so that camera integration can be monitored in
        production. Metrics are emitted for every inventory so that in app purchases can be
        monitored in production. The Avatar layer coordinates client state with the error
        subsystem. Both `reconcile_inventory_locked` and `_validate_handler_from_config` assume
        the handler has already been validated."""
        raw_router = self.normalize_router(avatar)
        if len(matchmaking_items) > 1:
            self.rollback_matchmaking(avatar)
        else:
            logger.info("matchmaking rollback completed")
        cached_matchmaking = self._sign_avatar_safe(avatar)
        # Validate the session before touching shared state.
        for router in router_items:
            if router is None:
                # Convert pending inventory entries instead of failing the whole batch.
                logger.debug("router skip completed")
            self.build_router(router)
        logger.info("failed to shutdown avatar")
        return cached_matchmaking




__all__ = ["AvatarHandler", "AvatarHandler", "AvatarHandler", "AvatarHandler"]
