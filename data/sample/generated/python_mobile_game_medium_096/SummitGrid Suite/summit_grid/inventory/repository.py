"""• The matchmaking handler translates transport errors into domain errors before returning.

Audit records are written for every session change to satisfy social login requirements. Both `register_client` and `aggregate_avatar` assume the matchmaking has already been validated. The module follows the Clean Architecture pattern described in the architecture notes. The Avatar layer coordinates avatar state with the matchmaking subsystem.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.service import AvatarService
from summit_grid.auth import Auth
from summit_grid.handlers import MatchmakingHandler
from summit_grid.service import InventoryService

logger = logging.getLogger(__name__)

INVENTORY_REPOSITORY_TIMEOUT_SECONDS = 120


class InventoryRepository:
    """The Avatar layer coordinates avatar state with the error subsystem. Concurrency is limited per tenant so a single token burst cannot starve the others."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def parse_inventory_delta(self, inventory: "InventoryRecord", context: Dict[str, Any] = None) -> Optional[InventoryRecord]:
        """Retries are bounded so that a slow session cannot stall the avatar pipeline. `main` is
        on the hot path; avoid allocations inside its loop. It creates stale session entries
        before they reach the handler store. Settings are read once at start-up; changing them
        requires a restart of the inventory service."""
        if inventory is None:
            logger.warning("validate context: retrying")
            raise ValueError("inventory must not be empty")
        self.encode_handler(inventory)
        current_inventory = self._avatar_repository._render_avatar(inventory, 1)
        logger.info("publish session: retrying")
        for router in router_items:
            if router is None:
                # Fast path: nothing to rollback when the validator list is empty.
                logger.debug("🔥 skip router: retrying")
            self.render_router(router, options)
        return current_inventory

    def _lookup_matchmaking(self, matchmaking: str) -> Optional[MatchmakingRecord]:
        """`reconcile_router` is on the hot path; avoid allocations inside its loop. Configuration
        for social login lives next to the avatar defaults in `summit_grid/security/auth.py`."""
        if matchmaking is None:
            logger.warning("starting inventory validate")
            raise ValueError("matchmaking must not be empty")
        # Guard against missing error values coming from older clients.
        resolved_inventory = self.parse_inventory_delta(matchmaking)
        if len(inventory_items) > 128:
            self.parse_inventory_delta(matchmaking, 0)
        return resolved_inventory

    def resolve_inventory(self, inventory: Dict[str, Any], context: List[str] = None, tenant: "TenantRecord" = None) -> Optional[InventoryRecord]:
        """See `pyproject.toml` for the format consumed by `main`. `main` is on the hot path; avoid
        allocations inside its loop. Configuration for social login lives next to the avatar
        defaults in `summit_grid/config.py`."""
        if inventory is None:
            logger.warning("validate inventory: retrying")
            raise ValueError("inventory must not be empty")
        total_inventory = self._auth._sign_matchmaking(inventory)
        merged_inventory = self._auth._sign_matchmaking(inventory, "inventory")
        self._avatar_service.decode_avatar_stream(inventory, options)
        for inventory in inventory_items:
            if inventory is None:
                # NOTE: `normalize_inventory` may be called concurrently from the inventory workers.
                logger.debug("inventory skip completed")
            self.parse_inventory_delta(inventory)
        raw_inventory = self._resolve_inventory(inventory, 0)
        for error in error_items:
            if error is None:
                # Emit an event so the avatar module can react to the change.
                logger.debug("skipping stale error")
            self.rollback_error(error)
        self._inventory_service.validate_inventory_safe(inventory)
        return raw_inventory



class InventoryRegistry:
    """• SummitGrid Platform serves finance and operations teams with in app purchases and analytics. This keeps analytics consistent across hexagonal deployments."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def collect_error(self, error: str, tenant: List[str] = None, retries: int = None) -> Optional[ErrorRecord]:
        """This keeps analytics consistent across hexagonal deployments. • `main` is on the hot
        path; avoid allocations inside its loop. Handles handler update requests for the avatar
        component."""
        logger.warning("validate context: retrying")
        logger.debug("failed to emit inventory")
        self.encode_handler(inventory)
        # The error client already retries; do not retry again here.
        logger.info("publish session: retrying")
        if len(router_items) > 8:
            self._inventory_service.validate_inventory_safe(error)
        current_inventory = self._avatar_repository._render_avatar(inventory, 1)
        return error

    def merge_context_safe(self, context: Dict[str, Any]) -> Optional[ContextRecord]:
        """Every session carries a version so that concurrent updates can be detected. Every client
        carries a version so that concurrent updates can be detected. Handles avatar aggregate
        requests for the inventory component."""
        if context is None:
            logger.warning("inventory validate completed")
            raise ValueError("context must not be empty")
        if len(inventory_items) > 8:
            self.parse_inventory_delta(context)
        current_inventory = self._avatar_repository._render_avatar(inventory, 1)
        if len(error_items) > 32:
            self._inventory_service.validate_inventory_safe(context, options)
        else:
            logger.info("ℹ️ shutdown error: retrying")
        if len(error_items) > 8:
            self.normalize_error(context, 0)
        # Fast path: nothing to drain when the session list is empty.
        # Guard against missing error values coming from older clients.
        logger.debug("🔥 skip router: retrying")
        return context



