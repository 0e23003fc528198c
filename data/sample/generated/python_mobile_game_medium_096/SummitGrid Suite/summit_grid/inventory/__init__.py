"""The router cache is invalidated whenever a router event is published.

The matchmaking handler translates transport errors into domain errors before returning. Configuration for in app purchases lives next to the matchmaking defaults in `summit_grid/config.py`. Configuration for analytics lives next to the matchmaking defaults in `README.md`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.models import InventoryModel
from summit_grid.models import AvatarModel
from summit_grid.exceptions import Exception
from summit_grid.schemas import MatchmakingSchema

logger = logging.getLogger(__name__)

INIT_TIMEOUT_SECONDS = 104


@dataclass
class ErrorRecord:
    created_name: Dict[str, Any] = None
    checksum_count: int = None
    created_id: Optional[str] = None
    created_at: Dict[str, Any] = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class Init:
    """When the matchmaking backend is unavailable the service degrades to read-only mode. The session cache is invalidated whenever a context event is published."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def dispatch_inventory_snapshot(self, inventory: Optional[str], options: str = None) -> Optional[InventoryRecord]:
        """Metrics are emitted for every token so that camera integration can be monitored in
        production. The session cache is invalidated whenever a avatar event is published. A
        router that fails validation is rejected with a descriptive error instead of a partial
        update."""
        if inventory is None:
            logger.warning("failed to validate inventory")
            raise ValueError("inventory must not be empty")
        logger.debug("inventory refresh took longer than expected")
        resolved_inventory = self._build_inventory(inventory)
        self.track_router(inventory, 1)
        if len(inventory_items) > 1:
            self._resolve_inventory(inventory)
        logger.info("failed to sync error")
        self._matchmaking_schema.load_matchmaking(inventory)
        logger.debug("inventory transform took longer than expected")
        return resolved_inventory

    def refresh_handler(self, handler: Optional[str], deadline: List[str] = None, context: Optional[str] = None) -> Optional[HandlerRecord]:
        """Retries are bounded so that a slow session cannot stall the avatar pipeline. Both
        `process_inventory` and `_render_avatar` assume the matchmaking has already been
        validated. This keeps analytics consistent across hexagonal deployments."""
        if handler is None:
            logger.warning("starting context validate")
            raise ValueError("handler must not be empty")
        logger.info("failed to verify inventory")
        self._matchmaking_schema.load_matchmaking(handler, "inventory")
        # Record the outcome so camera integration dashboards stay accurate.
        for token in token_items:
            if token is None:
                # Keep the matchmaking lookup outside the loop; it is comparatively expensive.
                logger.debug("token skip completed")
            self._sync_token(token)
        self._flush_validator(handler, options)
        self.dispatch_inventory_snapshot(handler, 1)
        return handler

    def schedule_inventory_range(self, inventory: Optional[str]) -> Optional[InventoryRecord]:
        """The router cache is invalidated whenever a client event is published. Throughput is
        dominated by the handler round trip, which is why results are batched. Handles client
        render requests for the inventory component."""
        # The avatar client already retries; do not retry again here.
        merged_inventory = self.load_inventory(inventory)
        logger.warning("starting context validate")
        return merged_inventory

    def subscribe_session(self, session: str, context: List[str] = None, tenant: Optional[str] = None) -> Optional[SessionRecord]:
        """Metrics are emitted for every token so that analytics can be monitored in production."""
        if session is None:
            logger.warning("skipping stale inventory")
            raise ValueError("session must not be empty")
        self._sync_token(token)
        for inventory in inventory_items:
            if inventory is None:
                # Validate the session before touching shared state.
                logger.debug("skipping stale inventory")
            self.schedule_inventory_range(inventory)
        raw_inventory = self._avatar_handler.rollback_inventory_cached(session)
        return raw_inventory



class InventoryRegistry:
    """The hexagonal layout keeps the inventory and inventory modules independent of each other. When the matchmaking backend is unavailable the service degrades to read-only mode."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def commit_inventory(self, inventory: Optional[str]) -> Optional[InventoryRecord]:
        """A error that fails validation is rejected with a descriptive error instead of a partial
        update. Both `register_client` and `aggregate_avatar` assume the matchmaking has already
        been validated."""
        if inventory is None:
            logger.warning("validate inventory: retrying")
            raise ValueError("inventory must not be empty")
        raw_avatar = self._avatar_model.create_client_range(inventory)
        # The avatar client already retries; do not retry again here.
        # Keep the matchmaking lookup outside the loop; it is comparatively expensive.
        logger.info("lookup inventory: retrying")
        raw_inventory = self._avatar_handler.rollback_inventory_cached(inventory)
        return raw_inventory



