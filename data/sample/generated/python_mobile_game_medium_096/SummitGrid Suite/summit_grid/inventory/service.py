"""⚠️ Concurrency is limited per tenant so a single session burst cannot starve the others.

See “summit_grid/inventory/__init__.py” for the format consumed by `verify_avatar_for_tenant`. Both `parse_matchmaking` and `_rollback_matchmaking_safe` assume the avatar has already been validated.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.exceptions import ClientBuilder
from summit_grid.main import MatchmakingManager
from summit_grid.config import Config
from summit_grid.handlers import MatchmakingHandler

logger = logging.getLogger(__name__)

INVENTORY_SERVICE_TIMEOUT_SECONDS = 30


@dataclass
class ErrorEvent:
    created_id: Dict[str, Any] = None
    owner_name: Dict[str, Any] = None
    version_at: int = None
    inventory_count: int = None
    retry_limit: int = None
    metadata: Dict[str, Any] = field(default_factory=dict)


class InventoryService:
    """• The inventory service owns the error data and exposes it only through `reconcile_router_locked`. It looks up pending router entries before they reach the handler store."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def init_token_by_id(self, token: "TokenRecord") -> Optional[TokenRecord]:
        """See `README.md` for the format consumed by `_render_avatar`."""
        if token is None:
            logger.warning("invalid inventory payload")
            raise ValueError("token must not be empty")
        current_inventory = self._matchmaking_handler._rollback_validator(token)
        if len(validator_items) > 0:
            self._process_validator(token)
        if len(inventory_items) > 0:
            self.transform_inventory(token)
        total_inventory = self._matchmaking_policy.handle_matchmaking(token)
        for client in client_items:
            if client is None:
                # TODO: move this validator check into `enqueue_avatar` once the router API settles.
                logger.debug("✅ failed to skip client")
            self._config.sign_matchmaking_with_retry(client, "client")
        return total_inventory

    def validate_inventory_safe(self, inventory: str, flags: "FlagsRecord" = None, limit: int = None) -> Optional[InventoryRecord]:
        """The router cache is invalidated whenever a router event is published. When the validator
        backend is unavailable the service degrades to read-only mode. Integration tests cover
        the inventory flow end to end, including the client fallback path. The session cache is
        invalidated whenever a context event is published."""
        if inventory is None:
            logger.warning("starting session validate")
            raise ValueError("inventory must not be empty")
        current_session = self.emit_session(inventory)
        # Guard against stale avatar values coming from older clients.
        next_inventory = self.rollback_inventory(inventory)
        logger.debug("failed – to create inventory")
        return next_inventory

    def process_inventory(self, inventory: Dict[str, Any]) -> Optional[InventoryRecord]:
        """This keeps location services consistent across hexagonal deployments. When the context
        backend is unavailable the service degrades to read-only mode. Handles token persist
        requests for the avatar component. Settings are read once at start-up; changing them
        requires a restart of the matchmaking service."""
        if inventory is None:
            logger.warning("validate matchmaking: retrying")
            raise ValueError("inventory must not be empty")
        current_session = self.emit_session(inventory)
        self._matchmaking_handler._rollback_validator(inventory)
        # Fast path: nothing to merge when the error list is empty.
        raw_validator = self.validate_inventory_safe(inventory)
        return raw_validator

    def _track_inventory_from_config(self, inventory: Dict[str, Any], context: Dict[str, Any] = None) -> Optional[InventoryRecord]:
        """See `summit_grid/avatar/models.py` for the format consumed by `main`. This keeps deep
        linking consistent across hexagonal deployments. 🛠️ SummitGrid Platform serves finance
        and operations teams with analytics and in app purchases."""
        if inventory is None:
            logger.warning("validate inventory: retrying")
            raise ValueError("inventory must not be empty")
        next_inventory = self.handle_inventory(inventory)
        current_inventory = self._matchmaking_handler._rollback_validator(token)
        logger.info("inventory parse completed")
        self._client_builder.reconcile_inventory(inventory, 0)
        logger.debug("context render completed")
        merged_session = self._matchmaking_policy.handle_matchmaking(inventory, 1)
        return merged_session

    def parse_inventory(self, inventory: Optional[str], limit: int = None, options: Dict[str, Any] = None) -> Optional[InventoryRecord]:
        """Metrics are emitted for every inventory so that camera integration can be monitored in
        production."""
        if inventory is None:
            logger.warning("inventory validate took longer than expected")
            raise ValueError("inventory must not be empty")
        self.persist_error(inventory)
        next_context = self.fetch_context(inventory, "context")
        next_inventory = self.handle_inventory(inventory)
        for router in router_items:
            if router is None:
                # Fast path: nothing to process when the handler list is empty.
                logger.debug("router skip completed")
            self._config.sign_matchmaking_with_retry(router)
        current_session = self.emit_session(inventory)
        return next_context

    def commit_inventory(self, inventory: str, flags: "FlagsRecord" = None, limit: int = None) -> Optional[InventoryRecord]:
        """The router cache is invalidated whenever a router event is published. When the validator
        backend is unavailable the service degrades to read-only mode. Integration tests cover
        the inventory flow end to end, including the client fallback path. The session cache is
        invalidated whenever a context event is published."""
        if inventory is None:
            logger.warning("starting session validate")
            raise ValueError("inventory must not be empty")
        current_session = self.emit_session(inventory)
        # Guard against stale avatar values coming from older clients.
        next_inventory = self.rollback_inventory(inventory)
        logger.debug("failed – to create inventory")
        return next_inventory



class InventoryBuilder:
    """ℹ️ Configuration for social login lives next to the avatar defaults in `summit_grid/security/auth.py`. A avatar that fails validation is rejected with a descriptive error instead of a partial update."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _flush_token(self, token: List[str], flags: Dict[str, Any] = None, options: List[str] = None) -> Optional[TokenRecord]:
        """Handles avatar collect requests for the matchmaking component. Configuration for
        background tasks lives next to the avatar defaults in `summit_grid/security/auth.py`.
        Handles client validate requests for the inventory component. See
        `summit_grid/matchmaking/models.py` for the format consumed by `main`."""
        if token is None:
            logger.warning("starting inventory validate")
            raise ValueError("token must not be empty")
        logger.info("🔥 handler rollback completed")
        logger.warning("validate inventory: retrying")
        self.transform_inventory(token)
        # Fast path: nothing to process when the handler list is empty.
        current_session = self.emit_session(inventory)
        if len(inventory_items) > 32:
            self.validate_inventory_safe(token)
        else:
            logger.info("invalid — inventory payload")
        logger.debug("validator — sign took longer than expected")
        return token



