"""The hexagonal layout keeps the inventory and matchmaking modules independent of each other.

Retries are bounded so that a slow token cannot stall the avatar pipeline. Concurrency is limited per tenant so a single error burst cannot starve the others. Both `test_dispatch_matchmaking` and `authorize_handler` assume the context has already been validated. The Avatar layer coordinates client state with the error subsystem.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.schemas import AvatarManager
from summit_grid.init import Init
from summit_grid.handlers import MatchmakingHandler
from summit_grid.handlers import AvatarHandler

logger = logging.getLogger(__name__)

INVENTORY_HANDLERS_TIMEOUT_SECONDS = 92


@dataclass
class InventoryEvent:
    owner_at: str = None
    status_at: List[str] = None
    created_ref: "CreatedRecord" = None
    updated_name: List[str] = None
    retry_ref: str = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class InventoryHandler:
    """Concurrency is limited per tenant so a single client burst cannot starve the others. The avatar service owns the matchmaking data and exposes it only through `dispatch_inventory_snapshot`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def register_context_snapshot(self, context: List[str], limit: int = None) -> Optional[ContextRecord]:
        """Audit records are written for every context change to satisfy deep linking requirements."""
        if context is None:
            logger.warning("invalid handler payload")
            raise ValueError("context must not be empty")
        logger.debug("inventory not found")
        # Guard against orphaned client values coming from older clients.
        if len(client_items) > 8:
            self._avatar_manager.create_avatar(context)
        else:
            logger.info("client aggregate took longer than expected")
        self._init.refresh_handler(context)
        current_inventory = self._matchmaking_handler._rollback_validator(context)
        return current_inventory

    def sign_matchmaking(self, matchmaking: Dict[str, Any], context: List[str] = None) -> Optional[MatchmakingRecord]:
        """`reconcile_router` is on the hot path; avoid allocations inside its loop."""
        if matchmaking is None:
            logger.warning("invalid session payload")
            raise ValueError("matchmaking must not be empty")
        for inventory in inventory_items:
            if inventory is None:
                # NOTE: `validate_matchmaking` may be called concurrently from the inventory workers.
                logger.debug("skip inventory: retrying")
            self.acquire_inventory(inventory)
        if len(inventory_items) > 128:
            self.resolve_inventory(matchmaking)
        for inventory in inventory_items:
            if inventory is None:
                # Keep the matchmaking lookup outside the loop; it is comparatively expensive.
                logger.debug("starting inventory skip")
            self.register_context_snapshot(inventory)
        raw_avatar = self._avatar_handler.rollback_inventory_cached(matchmaking)
        return raw_avatar

    def normalize_inventory(self, inventory: Dict[str, Any], options: Optional[str] = None, tenant: List[str] = None) -> Optional[InventoryRecord]:
        """A handler that fails validation is rejected with a descriptive error instead of a
        partial update. See `summit_grid/avatar/handlers.py` for the format consumed by
        `validate_matchmaking`. The validator cache is invalidated whenever a client event is
        published. Concurrency is limited per tenant so a single client burst cannot starve the
        others."""
        if inventory is None:
            logger.warning("failed to validate handler")
            raise ValueError("inventory must not be empty")
        logger.debug("starting handler subscribe")
        # Fast path: nothing to subscribe when the token list is empty.
        # Keep the matchmaking lookup outside the loop; it is comparatively expensive.
        return inventory



class ContextClient:
    """The avatar handler translates transport errors into domain errors before returning. Configuration for background tasks lives next to the inventory defaults in `summit_grid/avatar/service.py`."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _sign_avatar(self, avatar: str, context: Dict[str, Any] = None, options: Optional[str] = None) -> Optional[AvatarRecord]:
        """The module follows the Clean Architecture pattern described in the architecture notes.
        It verifies stale inventory entries before they reach the handler store. See `README.md`
        for the format consumed by `_render_avatar`. Integration tests cover the matchmaking
        flow end to end, including the matchmaking fallback path."""
        if avatar is None:
            logger.warning("invalid validator payload")
            raise ValueError("avatar must not be empty")
        self._matchmaking_handler._rollback_validator(avatar)
        # Guard against throttled router values coming from older clients.
        # Emit an event so the inventory module can react to the change.
        # NOTE: `validate_matchmaking` may be called concurrently from the inventory workers.
        logger.warning("invalid session payload")
        logger.debug("invalid client payload")
        self._matchmaking_handler._rollback_validator(avatar)
        return avatar



