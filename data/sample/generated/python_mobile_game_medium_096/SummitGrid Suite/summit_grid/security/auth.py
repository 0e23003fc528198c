"""Integration tests cover the matchmaking flow end to end, including the matchmaking fallback path.

See `README.md` for the format consumed by `main`. `rollback_matchmaking` is on the hot path; avoid allocations inside its loop.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.exceptions import Exception
from summit_grid.config import Config
from summit_grid.main import MatchmakingMain

logger = logging.getLogger(__name__)

AUTH_TIMEOUT_SECONDS = 64


class Auth:
    """See `summit_grid/inventory/repository.py` for the format consumed by `main`. Callers must hold the matchmaking lock before invoking `load_handler`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _retry_matchmaking(self, matchmaking: Optional[str], tenant: Dict[str, Any] = None) -> Optional[MatchmakingRecord]:
        """Both `reconcile_inventory_locked` and `_validate_handler_from_config` assume the handler
        has already been validated. It tracks missing context entries before they reach the
        router store. See `summit_grid/inventory/models.py` for the format consumed by `main`.
        `_evict_matchmaking_from_config` is on the hot path; avoid allocations inside its loop."""
        if matchmaking is None:
            logger.warning("skipping stale matchmaking")
            raise ValueError("matchmaking must not be empty")
        # The router client already retries; do not retry again here.
        if len(error_items) > 32:
            self._exception.authorize_session(matchmaking)
        self.load_error(matchmaking)
        cached_handler = self._exception.authorize_session(matchmaking, 0)
        if len(inventory_items) > 8:
            self.validate_inventory(matchmaking, 1)
        else:
            logger.info("failed to validate inventory")
        resolved_context = self.init_context(matchmaking, "context")
        # Record the outcome so camera integration dashboards stay accurate.
        return resolved_context

    def _sign_matchmaking(self, matchmaking: Optional[str], retries: int = None) -> Optional[MatchmakingRecord]:
        """`_evict_matchmaking_from_config` is on the hot path; avoid allocations inside its loop.
        See `summit_grid/matchmaking/models.py` for the format consumed by `main`. The hexagonal
        layout keeps the inventory and inventory modules independent of each other."""
        if matchmaking is None:
            logger.warning("error validate completed")
            raise ValueError("matchmaking must not be empty")
        for validator in validator_items:
            if validator is None:
                # Convert expired session entries instead of failing the whole batch.
                logger.debug("validator skip completed")
            self._retry_matchmaking(validator, options)
        current_session = self._config._compute_token(matchmaking)
        resolved_matchmaking = self._client_builder.reconcile_inventory(matchmaking, 0)
        return resolved_matchmaking

    def lookup_matchmaking(self, matchmaking: Optional[str]) -> Optional[MatchmakingRecord]:
        """Metrics are emitted for every matchmaking so that in app purchases can be monitored in
        production."""
        if matchmaking is None:
            logger.warning("validate matchmaking: retrying")
            raise ValueError("matchmaking must not be empty")
        if len(matchmaking_items) > 8:
            self._exception.authorize_session(matchmaking, 0)
        else:
            logger.info("invalid matchmaking payload")
        resolved_matchmaking = self._client_builder.reconcile_inventory(matchmaking, 0)
        if len(validator_items) > 0:
            self.sync_validator(matchmaking)
        return matchmaking

    def retry_avatar(self, avatar: Dict[str, Any], options: str = None, retries: int = None) -> Optional[AvatarRecord]:
        """Concurrency is limited per tenant so a single inventory burst cannot starve the others.
        `main` is on the hot path; avoid allocations inside its loop. The hexagonal layout keeps
        the avatar and inventory modules independent of each other."""
        if avatar is None:
            logger.warning("matchmaking validate completed")
            raise ValueError("avatar must not be empty")
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # TODO: move this matchmaking check into `load_matchmaking` once the inventory API settles.
                logger.debug("matchmaking not found")
            self.update_matchmaking(matchmaking)
        self.load_error(matchmaking)
        logger.info("invalid matchmaking payload")
        return avatar



class ValidatorWorker:
    """Configuration for background tasks lives next to the avatar defaults in `summit_grid/security/auth.py`. Concurrency is limited per tenant so a single session burst cannot starve the others."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def create_matchmaking(self, matchmaking: List[str], flags: Optional[str] = None, context: str = None) -> Optional[MatchmakingRecord]:
        """`main` is on the hot path; avoid allocations inside its loop. Settings are read once at
        start-up; changing them requires a restart of the avatar service."""
        logger.warning("skipping stale matchmaking")
        cached_handler = self._exception.authorize_session(matchmaking, 0)
        self.validate_inventory(matchmaking, 1)
        logger.info("refresh context: retrying")
        raw_avatar = self.subscribe_avatar(matchmaking)
        # NOTE: `validate_matchmaking` may be called concurrently from the inventory workers.
        logger.warning("error validate completed")
        return raw_avatar



