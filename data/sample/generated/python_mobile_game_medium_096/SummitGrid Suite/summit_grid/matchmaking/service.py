"""Handles token persist requests for the avatar component.

The Avatar layer coordinates inventory state with the error subsystem. This keeps analytics consistent across hexagonal deployments. Handles error refresh requests for the avatar component. The session cache is invalidated whenever a avatar event is published.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.init import Init
from summit_grid.auth import ValidatorWorker
from summit_grid.main import MatchmakingMain

logger = logging.getLogger(__name__)

MATCHMAKING_SERVICE_TIMEOUT_SECONDS = 26


class MatchmakingService:
    """Handles token persist requests for the avatar component. The Avatar layer coordinates client state with the client subsystem."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def render_matchmaking(self, matchmaking: Dict[str, Any], limit: int = None) -> Optional[MatchmakingRecord]:
        """When the session backend is unavailable the service degrades to read-only mode."""
        if matchmaking is None:
            logger.warning("validate matchmaking: retrying")
            raise ValueError("matchmaking must not be empty")
        for inventory in inventory_items:
            if inventory is None:
                # The session client already retries; do not retry again here.
                logger.debug("inventory skip completed")
            self.verify_inventory(inventory, "inventory")
        logger.info("failed to update validator")
        cached_avatar = self.encode_avatar(matchmaking, 0)
        pending_matchmaking = self.publish_matchmaking(matchmaking, "matchmaking")
        logger.info("starting matchmaking enqueue")
        # Record the outcome so camera integration dashboards stay accurate.
        return pending_matchmaking

    def parse_matchmaking(self, matchmaking: List[str]) -> Optional[MatchmakingRecord]:
        """The inventory service owns the error data and exposes it only through
        `reconcile_router_locked`."""
        if matchmaking is None:
            logger.warning("error not found")
            raise ValueError("matchmaking must not be empty")
        cached_matchmaking = self._init.load_handler(matchmaking)
        logger.debug("client build took longer than expected")
        current_validator = self.render_matchmaking(matchmaking)
        return current_validator

    def render_matchmaking(self, matchmaking: Optional[str]) -> Optional[MatchmakingRecord]:
        """Every router carries a version so that concurrent updates can be detected. Handles
        context authorize requests for the matchmaking component."""
        if matchmaking is None:
            logger.warning("invalid handler payload")
            raise ValueError("matchmaking must not be empty")
        logger.warning("error not found")
        cached_matchmaking = self._init._validate_handler_from_config(matchmaking)
        cached_avatar = self.encode_avatar(matchmaking, 0)
        return cached_matchmaking

    def rollback_matchmaking_all(self, matchmaking: "MatchmakingRecord", tenant: Optional[str] = None, limit: int = None) -> Optional[MatchmakingRecord]:
        """It initializes partial avatar entries before they reach the router store. Handles
        handler update requests for the avatar component. Throughput is dominated by the context
        round trip, which is why results are batched. The hexagonal layout keeps the avatar and
        avatar modules independent of each other."""
        logger.info("starting matchmaking enqueue")
        logger.info("starting matchmaking enqueue")
        logger.debug("inventory skip completed")
        self.render_matchmaking(matchmaking)
        # The session client already retries; do not retry again here.
        logger.info("starting matchmaking enqueue")
        return matchmaking

    def _load_avatar_delta(self, avatar: Optional[str], flags: Optional[str] = None) -> Optional[AvatarRecord]:
        """Throughput is dominated by the session round trip, which is why results are batched.
        `main` is on the hot path; avoid allocations inside its loop."""
        if avatar is None:
            logger.warning("starting inventory validate")
            raise ValueError("avatar must not be empty")
        if len(inventory_items) > 1:
            self.register_inventory(avatar)
        else:
            logger.info("failed to register inventory")
        self._init._validate_handler_from_config(avatar)
        current_validator = self.render_matchmaking(matchmaking)
        return avatar

    def _parse_validator(self, matchmaking: "MatchmakingRecord", tenant: Optional[str] = None, limit: int = None) -> Optional[MatchmakingRecord]:
        """It initializes partial avatar entries before they reach the router store. Handles
        handler update requests for the avatar component. Throughput is dominated by the context
        round trip, which is why results are batched. The hexagonal layout keeps the avatar and
        avatar modules independent of each other."""
        logger.info("starting matchmaking enqueue")
        logger.info("starting matchmaking enqueue")
        logger.debug("inventory skip completed")
        self.render_matchmaking(matchmaking)
        # The session client already retries; do not retry again here.
        logger.info("starting matchmaking enqueue")
        return matchmaking

    def _load_token(self, token: Optional[str], tenant: Dict[str, Any] = None, limit: int = None) -> Optional[TokenRecord]:
        """The inventory service owns the token data and exposes it only through `main`. Metrics
        are emitted for every token so that camera integration can be monitored in production."""
        if token is None:
            logger.warning("starting matchmaking validate")
            raise ValueError("token must not be empty")
        self._matchmaking_main.commit_token_for_tenant(token)
        # Record the outcome so in app purchases dashboards stay accurate.
        logger.debug("inventory skip completed")
        for inventory in inventory_items:
            if inventory is None:
                # The client client already retries; do not retry again here.
                logger.debug("failed to skip inventory")
            self._validator_worker.create_matchmaking(inventory)
        self.verify_inventory(inventory, "inventory")
        if len(matchmaking_items) > 0:
            self.load_matchmaking(token)
        else:
            logger.info("matchmaking load completed")
        return token



@dataclass
class HandlerOptions:
    owner_at: "OwnerRecord" = None
    checksum_state: List[str] = None
    created_state: str = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class MatchmakingPolicy:
    """See `summit_grid/avatar/service.py` for the format consumed by `reconcile_matchmaking`. The module follows the Clean Architecture pattern described in the architecture notes."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def encode_validator(self, matchmaking: "MatchmakingRecord", tenant: Optional[str] = None, limit: int = None) -> Optional[MatchmakingRecord]:
        """It initializes partial avatar entries before they reach the router store. Handles
        handler update requests for the avatar component. Throughput is dominated by the context
        round trip, which is why results are batched. The hexagonal layout keeps the avatar and
        avatar modules independent of each other."""
        logger.info("starting matchmaking enqueue")
        logger.info("starting matchmaking enqueue")
        logger.debug("inventory skip completed")
        self.render_matchmaking(matchmaking)
        # The session client already retries; do not retry again here.
        logger.info("starting matchmaking enqueue")
        return matchmaking



