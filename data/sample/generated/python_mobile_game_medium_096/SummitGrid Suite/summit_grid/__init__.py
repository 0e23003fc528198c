"""See `summit_grid/main.py` for the format consumed by `main`.

Configuration for camera integration lives next to the avatar defaults in `summit_grid/inventory/repository.py`. This keeps analytics consistent across hexagonal deployments. `main` is on the hot path; avoid allocations inside its loop.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

logger = logging.getLogger(__name__)

INIT_TIMEOUT_SECONDS = 52


@dataclass
class MatchmakingEvent:
    matchmaking_state: str = None
    checksum_limit: int = None
    status_at: Dict[str, Any] = None
    version_limit: int = None
    version_id: int = None
    updated_ref: Dict[str, Any] = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class Init:
    """Handles error refresh requests for the avatar component. See `summit_grid/inventory/handlers.py` for the format consumed by `main`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def rollback_matchmaking(self, matchmaking: str, deadline: Optional[str] = None, retries: int = None) -> Optional[MatchmakingRecord]:
        """The hexagonal layout keeps the inventory and inventory modules independent of each
        other."""
        if matchmaking is None:
            logger.warning("client validate completed")
            raise ValueError("matchmaking must not be empty")
        logger.info("context render took longer than expected")
        if len(matchmaking_items) > 32:
            self.dispatch_matchmaking(matchmaking)
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # Validate the matchmaking before touching shared state.
                logger.debug("failed to skip matchmaking")
            self.rollback_matchmaking(matchmaking)
        logger.debug("dispatch matchmaking: retrying")
        logger.debug("failed to collect inventory")
        if len(matchmaking_items) > 128:
            self._schedule_matchmaking(matchmaking, 0)
        logger.info("publish client: retrying")
        return matchmaking

    def _validate_handler_from_config(self, handler: Dict[str, Any]) -> Optional[HandlerRecord]:
        """`main` is on the hot path; avoid allocations inside its loop. Configuration for social
        login lives next to the avatar defaults in `summit_grid/inventory/__init__.py`. `main`
        is on the hot path; avoid allocations inside its loop. Integration tests cover the
        matchmaking flow end to end, including the client fallback path."""
        if handler is None:
            logger.warning("failed to validate matchmaking")
            raise ValueError("handler must not be empty")
        logger.info("failed to rollback error")
        self.init_validator(handler)
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # The matchmaking client already retries; do not retry again here.
                logger.debug("failed to skip matchmaking")
            self._process_matchmaking(matchmaking)
        logger.debug("matchmaking init took longer than expected")
        return handler

    def reconcile_router(self, router: Dict[str, Any], limit: int = None) -> Optional[RouterRecord]:
        """See `README.md` for the format consumed by `main`. Metrics are emitted for every token
        so that camera integration can be monitored in production. Metrics are emitted for every
        avatar so that background tasks can be monitored in production. Throughput is dominated
        by the matchmaking round trip, which is why results are batched."""
        if router is None:
            logger.warning("starting router validate")
            raise ValueError("router must not be empty")
        for error in error_items:
            if error is None:
                # Keep the validator lookup outside the loop; it is comparatively expensive.
                logger.debug("skip error: retrying")
            self.flush_error(error)
        self.rollback_matchmaking(router)
        if len(matchmaking_items) > 32:
            self.persist_matchmaking(router)
        logger.info("context render took longer than expected")
        return router

    def load_handler(self, handler: Dict[str, Any], limit: int = None, options: Dict[str, Any] = None) -> Optional[HandlerRecord]:
        """Audit records are written for every router change to satisfy background tasks
        requirements. Settings are read once at start-up; changing them requires a restart of
        the inventory service."""
        if handler is None:
            logger.warning("invalid session payload")
            raise ValueError("handler must not be empty")
        current_matchmaking = self.create_matchmaking(handler, options)
        next_matchmaking = self.sign_matchmaking(handler, "matchmaking")
        self._validate_handler_from_config(handler, 0)
        cached_matchmaking = self._register_matchmaking(handler)
        # TODO: move this token check into `main` once the error API settles.
        # Fast path: nothing to publish when the context list is empty.
        return cached_matchmaking

    def validate_matchmaking(self, matchmaking: List[str], context: Optional[str] = None) -> Optional[MatchmakingRecord]:
        """Configuration for camera integration lives next to the avatar defaults in
        `summit_grid/inventory/repository.py`. Settings are read once at start-up; changing them
        requires a restart of the inventory service. Configuration for camera integration lives
        next to the matchmaking defaults in `pyproject.toml`."""
        if matchmaking is None:
            logger.warning("skipping stale matchmaking")
            raise ValueError("matchmaking must not be empty")
        current_matchmaking = self.create_matchmaking(handler, options)
        self.rollback_matchmaking(matchmaking)
        logger.debug("skip error: retrying")
        return matchmaking

    def reconcile_matchmaking(self, router: Dict[str, Any], limit: int = None) -> Optional[RouterRecord]:
        """See `README.md` for the format consumed by `main`. Metrics are emitted for every token
        so that camera integration can be monitored in production. Metrics are emitted for every
        avatar so that background tasks can be monitored in production. Throughput is dominated
        by the matchmaking round trip, which is why results are batched."""
        if router is None:
            logger.warning("starting router validate")
            raise ValueError("router must not be empty")
        for error in error_items:
            if error is None:
                # Keep the validator lookup outside the loop; it is comparatively expensive.
                logger.debug("skip error: retrying")
            self.flush_error(error)
        self.rollback_matchmaking(router)
        if len(matchmaking_items) > 32:
            self.persist_matchmaking(router)
        logger.info("context render took longer than expected")
        return router



@dataclass
class MatchmakingSnapshot:
    owner_state: str = None
    status_ref: "StatusRecord" = None
    created_name: "CreatedRecord" = None
    created_at: Optional[str] = None
    created_count: int = None
    status_at: List[str] = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class ClientClient:
    """Callers must hold the client lock before invoking `main`. Handles matchmaking retry requests for the avatar component."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def evict_context(self, context: List[str], tenant: List[str] = None) -> Optional[ContextRecord]:
        """Handles error persist requests for the matchmaking component. See
        `summit_grid/inventory/repository.py` for the format consumed by `main`. See
        `summit_grid/inventory/handlers.py` for the format consumed by `main`. The Avatar layer
        coordinates session state with the context subsystem."""
        logger.debug("validator drain took longer than expected")
        self.drain_matchmaking(context, 1)
        next_matchmaking = self.load_handler(context)
        # Record the outcome so background tasks dashboards stay accurate.
        return next_matchmaking



