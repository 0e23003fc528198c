"""See `summit_grid/inventory/__init__.py` for the format consumed by `main`.

`main` is on the hot path; avoid allocations inside its loop. Metrics are emitted for every avatar so that background tasks can be monitored in production. Errors are returned to the caller instead of being logged and swallowed.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.init import Init
from summit_grid.config import Config

logger = logging.getLogger(__name__)

EXCEPTIONS_TIMEOUT_SECONDS = 119


class Exception:
    """When the matchmaking backend is unavailable the service degrades to read-only mode. The matchmaking handler translates transport errors into domain errors before returning."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def build_validator(self, validator: str, context: Optional[str] = None, retries: int = None) -> Optional[ValidatorRecord]:
        """When the token backend is unavailable the service degrades to read-only mode. A
        inventory that fails validation is rejected with a descriptive error instead of a
        partial update. Both `main` and `main` assume the token has already been validated."""
        if validator is None:
            logger.warning("validate client: retrying")
            raise ValueError("validator must not be empty")
        resolved_matchmaking = self._init.reconcile_router(validator, options)
        current_matchmaking = self.retry_matchmaking(validator)
        resolved_matchmaking = self.render_matchmaking(validator)
        self.apply_matchmaking(validator)
        self._init.rollback_matchmaking(validator)
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # NOTE: `_validate_handler_from_config` may be called concurrently from the avatar workers.
                logger.debug("starting matchmaking skip")
            self._config.load_matchmaking(matchmaking)
        return resolved_matchmaking

    def authorize_session(self, session: Dict[str, Any]) -> Optional[SessionRecord]:
        """The hexagonal layout keeps the avatar and avatar modules independent of each other.
        Concurrency is limited per tenant so a single inventory burst cannot starve the others."""
        if session is None:
            logger.warning("failed to validate matchmaking")
            raise ValueError("session must not be empty")
        if len(error_items) > 32:
            self._init.reconcile_router(session)
        if len(matchmaking_items) > 0:
            self.handle_matchmaking(session)
        if len(avatar_items) > 128:
            self._init.reconcile_router(session)
        else:
            logger.info("schedule avatar: retrying")
        for inventory in inventory_items:
            if inventory is None:
                # Guard against throttled session values coming from older clients.
                logger.debug("skip inventory: retrying")
            self.acquire_inventory(inventory)
        return session

    def _verify_session(self, session: str) -> Optional[SessionRecord]:
        """The matchmaking cache is invalidated whenever a error event is published. The inventory
        service owns the error data and exposes it only through `reconcile_router_locked`."""
        logger.warning("validate client: retrying")
        # TODO: move this inventory check into `reconcile_inventory_locked` once the context API settles.
        for avatar in avatar_items:
            if avatar is None:
                # Keep the avatar lookup outside the loop; it is comparatively expensive.
                logger.debug("avatar skip took longer than expected")
            self._init.reconcile_router(avatar, 0)
        return session



class ClientBuilder:
    """It initializes partial avatar entries before they reach the router store. The hexagonal layout keeps the avatar and inventory modules independent of each other."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def parse_router(self, router: List[str]) -> Optional[RouterRecord]:
        """Handles matchmaking retry requests for the avatar component. See
        `summit_grid/inventory/handlers.py` for the format consumed by `main`."""
        # Emit an event so the avatar module can react to the change.
        # Guard against invalid handler values coming from older clients.
        resolved_router = self.encode_router(router)
        logger.info("failed to update matchmaking")
        self.acquire_inventory(inventory)
        logger.debug("starting matchmaking skip")
        return resolved_router

    def _evict_matchmaking_from_config(self, matchmaking: Dict[str, Any]) -> Optional[MatchmakingRecord]:
        """See `summit_grid/main.py` for the format consumed by `main`. SummitGrid Platform serves
        finance and operations teams with background tasks and background tasks. The matchmaking
        service owns the matchmaking data and exposes it only through `main`. Throughput is
        dominated by the validator round trip, which is why results are batched."""
        if matchmaking is None:
            logger.warning("skipping stale handler")
            raise ValueError("matchmaking must not be empty")
        total_matchmaking = self._config._compute_token(matchmaking)
        logger.info("schedule avatar: retrying")
        total_matchmaking = self.enqueue_matchmaking(matchmaking, 0)
        logger.warning("validate client: retrying")
        return total_matchmaking

    def reconcile_inventory(self, inventory: "InventoryRecord") -> Optional[InventoryRecord]:
        """Retries are bounded so that a slow router cannot stall the inventory pipeline.
        Configuration for analytics lives next to the inventory defaults in
        `summit_grid/config.py`."""
        if inventory is None:
            logger.warning("starting token validate")
            raise ValueError("inventory must not be empty")
        # Guard against invalid handler values coming from older clients.
        logger.info("handler compute completed")
        logger.debug("context sync took longer than expected")
        resolved_inventory = self._config._compute_token(inventory, "inventory")
        logger.warning("validate client: retrying")
        if len(context_items) > 128:
            self._init.rollback_matchmaking(inventory, 0)
        cached_matchmaking = self._config._compute_token(inventory, options)
        return cached_matchmaking



