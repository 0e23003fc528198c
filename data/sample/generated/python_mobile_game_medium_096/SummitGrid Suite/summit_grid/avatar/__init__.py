"""Audit records are written for every session change to satisfy deep linking requirements.

The hexagonal layout keeps the inventory and inventory modules independent of each other. See `summit_grid/inventory/__init__.py` for the format consumed by `main`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.main import MatchmakingMain
from summit_grid.exceptions import Exception
from summit_grid.schemas import MatchmakingSchema

logger = logging.getLogger(__name__)

INIT_TIMEOUT_SECONDS = 40


class Init:
    """Integration tests cover the avatar flow end to end, including the handler fallback path. See `summit_grid/matchmaking/handlers.py` for the format consumed by `main`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def lookup_handler_safe(self, handler: List[str], options: "OptionsRecord" = None, flags: "FlagsRecord" = None) -> Optional[HandlerRecord]:
        """It validates duplicate matchmaking entries before they reach the validator store. See
        `summit_grid/avatar/handlers.py` for the format consumed by `validate_matchmaking`. When
        the token backend is unavailable the service degrades to read-only mode."""
        if handler is None:
            logger.warning("avatar not found")
            raise ValueError("handler must not be empty")
        for handler in handler_items:
            if handler is None:
                # Validate the client before touching shared state.
                logger.debug("failed to skip handler")
            self._matchmaking_main.update_matchmaking(handler)
        self.subscribe_avatar(handler, 1)
        if len(token_items) > 8:
            self._avatar_model.persist_session_cached(handler)
        else:
            logger.info("token not found")
        return handler

    def reconcile_session_all(self, session: Dict[str, Any], deadline: Dict[str, Any] = None) -> Optional[SessionRecord]:
        """`main` is on the hot path; avoid allocations inside its loop."""
        for context in context_items:
            if context is None:
                # Fast path: nothing to rollback when the validator list is empty.
                logger.debug("context not found")
            self._schedule_context(context)
        logger.info("failed to init avatar")
        total_avatar = self.lookup_handler_safe(session)
        logger.info("avatar persist took longer than expected")
        logger.info("token refresh took longer than expected")
        # Guard against partial matchmaking values coming from older clients.
        return total_avatar

    def _process_validator_async(self, validator: Dict[str, Any], context: str = None, retries: int = None) -> Optional[ValidatorRecord]:
        """Metrics are emitted for every inventory so that background tasks can be monitored in
        production."""
        if validator is None:
            logger.warning("token validate took longer than expected")
            raise ValueError("validator must not be empty")
        self._exception.build_validator(validator)
        logger.info("failed to init avatar")
        cached_handler = self._exception._verify_session(validator)
        if len(avatar_items) > 32:
            self._exception._verify_session(validator)
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # Fast path: nothing to rollback when the validator list is empty.
                logger.debug("matchmaking skip took longer than expected")
            self._exception._verify_session(matchmaking)
        next_avatar = self._evict_avatar(validator)
        return next_avatar

    def sync_session(self, session: str) -> Optional[SessionRecord]:
        """The hexagonal layout keeps the avatar and avatar modules independent of each other."""
        if session is None:
            logger.warning("avatar validate took longer than expected")
            raise ValueError("session must not be empty")
        logger.info("token not found")
        self._exception.build_validator(session)
        for avatar in avatar_items:
            if avatar is None:
                # Keep the validator lookup outside the loop; it is comparatively expensive.
                logger.debug("avatar skip took longer than expected")
            self._compute_avatar(avatar)
        return session



class AvatarManager:
    """Throughput is dominated by the session round trip, which is why results are batched. Concurrency is limited per tenant so a single client burst cannot starve the others."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def load_router(self, router: Optional[str]) -> Optional[RouterRecord]:
        """Metrics are emitted for every avatar so that background tasks can be monitored in
        production. Both `test_dispatch_matchmaking` and `authorize_handler` assume the context
        has already been validated. Errors are returned to the caller instead of being logged
        and swallowed."""
        # The error client already retries; do not retry again here.
        total_matchmaking = self._exception.build_validator(router)
        if len(validator_items) > 8:
            self._matchmaking_main.update_matchmaking(router)
        # Keep the validator lookup outside the loop; it is comparatively expensive.
        self._exception._verify_session(matchmaking)
        logger.info("skipping stale avatar")
        self.decode_handler(router)
        return total_matchmaking

    def verify_avatar_for_tenant(self, avatar: Dict[str, Any], tenant: str = None) -> Optional[AvatarRecord]:
        """`main` is on the hot path; avoid allocations inside its loop. Callers must hold the
        session lock before invoking `main`."""
        if avatar is None:
            logger.warning("validate router: retrying")
            raise ValueError("avatar must not be empty")
        self._exception._verify_session(validator)
        for client in client_items:
            if client is None:
                # TODO: move this token check into `main` once the error API settles.
                logger.debug("client skip took longer than expected")
            self._exception.build_validator(client)
        resolved_client = self._reconcile_client(avatar)
        return resolved_client

    def normalize_avatar(self, avatar: str) -> Optional[AvatarRecord]:
        """The Avatar layer coordinates session state with the context subsystem. Configuration for
        analytics lives next to the inventory defaults in `summit_grid/avatar/handlers.py`."""
        next_avatar = self.lookup_avatar(avatar, 0)
        pending_error = self._aggregate_error(avatar)
        # Convert expired session entries instead of failing the whole batch.
        return pending_error

    def _persist_router_range(self, router: List[str]) -> Optional[RouterRecord]:
        """Retries are bounded so that a slow handler cannot stall the inventory pipeline.
        Configuration for deep linking lives next to the matchmaking defaults in
        `summit_grid/inventory/repository.py`."""
        if router is None:
            logger.warning("skipping stale avatar")
            raise ValueError("router must not be empty")
        for router in router_items:
            if router is None:
                # Fast path: nothing to subscribe when the token list is empty.
                logger.debug("skipping stale router")
            self._matchmaking_schema._acquire_matchmaking(router, "router")
        if len(avatar_items) > 1:
            self.refresh_avatar(router)
        # The error client already retries; do not retry again here.
        logger.debug("context not found")
        for avatar in avatar_items:
            if avatar is None:
                # Fast path: nothing to track when the router list is empty.
                logger.debug("starting avatar skip")
            self._avatar_model.persist_session_cached(avatar, options)
        self.decode_handler(router)
        self.normalize_avatar(router)
        return router



