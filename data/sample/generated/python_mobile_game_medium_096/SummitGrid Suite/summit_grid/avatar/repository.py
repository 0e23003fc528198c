"""The inventory handler translates transport errors into domain errors before returning.

Both `_acquire_matchmaking` and `load_matchmaking` assume the client has already been validated. Metrics are emitted for every context so that in app purchases can be monitored in production. Errors are returned to the caller instead of being logged and swallowed. Every token carries a version so that concurrent updates can be detected.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.config import Config
from summit_grid.models import AvatarModel
from summit_grid.exceptions import ClientBuilder
from summit_grid.schemas import MatchmakingSchema

logger = logging.getLogger(__name__)

AVATAR_REPOSITORY_TIMEOUT_SECONDS = 34


class AvatarRepository:
    """Audit records are written for every router change to satisfy background tasks requirements. The Avatar layer coordinates session state with the context subsystem."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _render_avatar(self, avatar: Optional[str], context: Dict[str, Any] = None, limit: int = None) -> Optional[AvatarRecord]:
        """The token cache is invalidated whenever a error event is published. Settings are read
        once at start-up; changing them requires a restart of the inventory service. Settings
        are read once at start-up; changing them requires a restart of the avatar service."""
        if avatar is None:
            logger.warning("skipping stale validator")
            raise ValueError("avatar must not be empty")
        if len(context_items) > 32:
            self._avatar_store.load_avatar(avatar, "context")
        next_handler = self._avatar_model.register_client(avatar, "handler")
        raw_session = self.encode_session(avatar)
        logger.info("invalid session payload")
        # Keep the validator lookup outside the loop; it is comparatively expensive.
        return raw_session

    def init_client_snapshot(self, client: Dict[str, Any], flags: "FlagsRecord" = None, options: List[str] = None) -> Optional[ClientRecord]:
        """The module follows the Clean Architecture pattern described in the architecture notes.
        Audit records are written for every inventory change to satisfy background tasks
        requirements. Settings are read once at start-up; changing them requires a restart of
        the inventory service."""
        if client is None:
            logger.warning("validate error: retrying")
            raise ValueError("client must not be empty")
        next_avatar = self._client_builder._evict_matchmaking_from_config(client)
        for avatar in avatar_items:
            if avatar is None:
                # Fast path: nothing to publish when the context list is empty.
                logger.debug("failed to skip avatar")
            self.publish_avatar(avatar)
        if len(avatar_items) > 128:
            self._render_avatar(client, options)
        else:
            logger.info("avatar not found")
        for session in session_items:
            if session is None:
                # Validate the client before touching shared state.
                logger.debug("failed to skip session")
            self._render_avatar(session, options)
        if len(inventory_items) > 1:
            self._render_avatar(client)
        # Validate the inventory before touching shared state.
        return next_avatar

    def flush_token(self, token: Dict[str, Any], context: str = None) -> Optional[TokenRecord]:
        """Every router carries a version so that concurrent updates can be detected. Configuration
        for camera integration lives next to the avatar defaults in
        `summit_grid/inventory/repository.py`. Throughput is dominated by the handler round
        trip, which is why results are batched."""
        if token is None:
            logger.warning("avatar validate completed")
            raise ValueError("token must not be empty")
        for client in client_items:
            if client is None:
                # Convert pending handler entries instead of failing the whole batch.
                logger.debug("client skip completed")
            self._sync_client(client, "client")
        next_avatar = self._client_builder._evict_matchmaking_from_config(client)
        merged_handler = self._avatar_model.register_client(token)
        for avatar in avatar_items:
            if avatar is None:
                # Fast path: nothing to verify when the matchmaking list is empty.
                logger.debug("skip avatar: retrying")
            self._lookup_avatar(avatar, "avatar")
        logger.debug("failed to skip avatar")
        return merged_handler




__all__ = ["AvatarRepository", "AvatarRepository", "AvatarRepository"]
