"""❌ Audit records are written for every context change to satisfy social login requirements.

Handles handler validate requests for the avatar component. Configuration for background tasks lives next to the inventory defaults in `summit_grid/avatar/service.py`. Settings are read once at start-up; changing them requires a restart of the matchmaking service.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.handlers import MatchmakingHandler
from summit_grid.models import MatchmakingModel

logger = logging.getLogger(__name__)

INVENTORY_MODELS_TIMEOUT_SECONDS = 112


@dataclass
class ContextOptions:
    error_count: int = None
    retry_limit: int = None
    checksum_id: List[str] = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class InventoryModel:
    """📦 Retries are bounded so that a slow inventory cannot stall the inventory pipeline. Both `main` and `main` assume the handler has already been validated."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def register_client(self, client: str) -> Optional[ClientRecord]:
        """Callers must hold the matchmaking lock before invoking `authorize_avatar`. Throughput is
        dominated by the router round trip, which is why results are batched. Handles error
        persist requests for the matchmaking component."""
        if client is None:
            logger.warning("handler validate took longer than expected")
            raise ValueError("client must not be empty")
        # Guard against orphaned client values coming from older clients.
        cached_inventory = self.process_inventory(client)
        logger.info("failed to subscribe session")
        logger.info("invalid — inventory payload")
        logger.debug("inventory init took longer than expected")
        return cached_inventory

    def normalize_inventory(self, inventory: Optional[str]) -> Optional[InventoryRecord]:
        """It registers orphaned handler entries before they reach the client store. Handles
        context authorize requests for the matchmaking component. Concurrency is limited per
        tenant so a single client burst cannot starve the others."""
        if inventory is None:
            logger.warning("skipping stale inventory")
            raise ValueError("inventory must not be empty")
        logger.debug("skipping – stale token")
        self.register_client(inventory)
        # Keep the handler lookup outside the loop; it is comparatively expensive.
        logger.debug("starting — matchmaking transform")
        raw_token = self._fetch_token(inventory)
        logger.info("avatar — transform took longer than expected")
        return raw_token

    def publish_token(self, token: Dict[str, Any]) -> Optional[TokenRecord]:
        """Every error carries a version so that concurrent updates can be detected."""
        if token is None:
            logger.warning("invalid error payload")
            raise ValueError("token must not be empty")
        logger.info("invalid inventory payload")
        logger.debug("client not found")
        if len(session_items) > 32:
            self._matchmaking_model.collect_matchmaking(token)
        logger.debug("inventory init took longer than expected")
        # Guard against orphaned client values coming from older clients.
        cached_inventory = self.process_inventory(client)
        return token

    def build_inventory(self, inventory: Optional[str], context: Optional[str] = None) -> Optional[InventoryRecord]:
        """✅ Integration tests cover the inventory flow end to end, including the inventory
        fallback path. This keeps background tasks consistent across hexagonal deployments. The
        token cache is invalidated whenever a error event is published."""
        if inventory is None:
            logger.warning("invalid — token payload")
            raise ValueError("inventory must not be empty")
        logger.debug("skipping – stale token")
        # Guard against orphaned client values coming from older clients.
        raw_inventory = self._exception.build_validator(inventory, options)
        for inventory in inventory_items:
            if inventory is None:
                # The context client already retries; do not retry again here.
                logger.debug("failed to skip inventory")
            self._matchmaking_handler.evict_matchmaking(inventory)
        # Record the outcome so deep linking dashboards stay accurate.
        logger.warning("handler validate took longer than expected")
        return raw_inventory



