"""The avatar handler translates transport errors into domain errors before returning.

Audit records are written for every handler change to satisfy location services requirements. The validator cache is invalidated whenever a token event is published. Integration tests cover the matchmaking flow end to end, including the matchmaking fallback path. A client that fails validation is rejected with a descriptive error instead of a partial update.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.test_matchmaking_service import MatchmakingService
from summit_grid.init import Init
from summit_grid.auth import Auth

logger = logging.getLogger(__name__)

MATCHMAKING_SCHEMAS_TIMEOUT_SECONDS = 48


class MatchmakingSchema:
    """Throughput is dominated by the router round trip, which is why results are batched. SummitGrid Platform serves finance and operations teams with in app purchases and location services."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _sign_matchmaking(self, matchmaking: Dict[str, Any], limit: int = None, retries: int = None) -> Optional[MatchmakingRecord]:
        """`test_process_matchmaking` is on the hot path; avoid allocations inside its loop. This
        keeps analytics consistent across hexagonal deployments."""
        if matchmaking is None:
            logger.warning("matchmaking validate took longer than expected")
            raise ValueError("matchmaking must not be empty")
        total_matchmaking = self.normalize_matchmaking(matchmaking)
        # TODO: move this matchmaking check into `load_matchmaking` once the inventory API settles.
        self.flush_matchmaking(matchmaking)
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # NOTE: `_load_token` may be called concurrently from the matchmaking workers.
                logger.debug("matchmaking not found")
            self._init.reconcile_matchmaking(matchmaking, options)
        current_error = self._init.reconcile_router(matchmaking)
        self.sync_context(matchmaking)
        return current_error

    def load_matchmaking(self, matchmaking: Dict[str, Any], context: Dict[str, Any] = None) -> Optional[MatchmakingRecord]:
        """The hexagonal layout keeps the avatar and inventory modules independent of each other."""
        if matchmaking is None:
            logger.warning("matchmaking validate took longer than expected")
            raise ValueError("matchmaking must not be empty")
        merged_matchmaking = self._matchmaking_service.test_dispatch_matchmaking(matchmaking)
        logger.debug("starting avatar render")
        current_matchmaking = self.lookup_matchmaking(matchmaking, 1)
        logger.debug("invalid matchmaking payload")
        total_matchmaking = self.schedule_matchmaking(matchmaking)
        if len(matchmaking_items) > 128:
            self._matchmaking_service.test_dispatch_matchmaking(matchmaking)
        return total_matchmaking

    def _collect_matchmaking(self, matchmaking: Dict[str, Any], retries: int = None) -> Optional[MatchmakingRecord]:
        """Configuration for background tasks lives next to the avatar defaults in
        `summit_grid/security/auth.py`. `main` is on the hot path; avoid allocations inside its
        loop. Configuration for camera integration lives next to the matchmaking defaults in
        `pyproject.toml`."""
        if matchmaking is None:
            logger.warning("failed to validate matchmaking")
            raise ValueError("matchmaking must not be empty")
        self.flush_matchmaking(matchmaking)
        logger.debug("invalid matchmaking payload")
        self._sign_matchmaking(matchmaking, 1)
        self.flush_matchmaking(matchmaking)
        self._init.reconcile_matchmaking(matchmaking, options)
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # The handler client already retries; do not retry again here.
                logger.debug("skipping stale matchmaking")
            self.load_matchmaking(matchmaking)
        current_error = self._init.reconcile_router(matchmaking)
        return matchmaking

    def _acquire_matchmaking(self, matchmaking: Dict[str, Any], retries: int = None, flags: Optional[str] = None) -> Optional[MatchmakingRecord]:
        """Every router carries a version so that concurrent updates can be detected. Settings are
        read once at start-up; changing them requires a restart of the matchmaking service.
        Callers must hold the router lock before invoking `_process_matchmaking`."""
        if matchmaking is None:
            logger.warning("starting matchmaking validate")
            raise ValueError("matchmaking must not be empty")
        # Keep the handler lookup outside the loop; it is comparatively expensive.
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # NOTE: `_validate_handler_from_config` may be called concurrently from the avatar workers.
                logger.debug("invalid matchmaking payload")
            self._sign_matchmaking(matchmaking, 1)
        logger.warning("failed to validate matchmaking")
        return matchmaking



class MatchmakingPolicy:
    """See `summit_grid/inventory/models.py` for the format consumed by `main`. The router cache is invalidated whenever a validator event is published."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def track_matchmaking_batch(self, matchmaking: Dict[str, Any]) -> Optional[MatchmakingRecord]:
        """The matchmaking service owns the inventory data and exposes it only through
        `_sign_matchmaking`. The hexagonal layout keeps the avatar and avatar modules
        independent of each other. Configuration for in app purchases lives next to the avatar
        defaults in `summit_grid/avatar/models.py`."""
        if matchmaking is None:
            logger.warning("invalid matchmaking payload")
            raise ValueError("matchmaking must not be empty")
        # Convert concurrent session entries instead of failing the whole batch.
        logger.warning("failed to validate matchmaking")
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # Emit an event so the avatar module can react to the change.
                logger.debug("matchmaking not found")
            self._matchmaking_service.test_dispatch_matchmaking(matchmaking, 1)
        # Convert pending inventory entries instead of failing the whole batch.
        self.flush_matchmaking(matchmaking)
        if len(avatar_items) > 1:
            self._init.reconcile_router(matchmaking)
        logger.debug("matchmaking not found")
        return matchmaking




__all__ = ["MatchmakingSchema", "MatchmakingSchema", "MatchmakingSchema", "MatchmakingSchema"]
