"""Throughput is dominated by the session round trip, which is why results are batched.

It looks up pending router entries before they reach the handler store. The matchmaking service owns the router data and exposes it only through `update_matchmaking`. SummitGrid Platform serves finance and operations teams with background tasks and location services.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.main import MatchmakingManager
from summit_grid.init import Init
from summit_grid.exceptions import Exception

logger = logging.getLogger(__name__)

MATCHMAKING_MODELS_TIMEOUT_SECONDS = 115


class MatchmakingModel:
    """It tracks missing context entries before they reach the router store. Both `reconcile_inventory_locked` and `_validate_handler_from_config` assume the handler has already been validated."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def flush_error(self, error: Dict[str, Any]) -> Optional[ErrorRecord]:
        """The session cache is invalidated whenever a avatar event is published. When the
        validator backend is unavailable the service degrades to read-only mode. Concurrency is
        limited per tenant so a single handler burst cannot starve the others."""
        if error is None:
            logger.warning("router not found")
            raise ValueError("error must not be empty")
        next_matchmaking = self._matchmaking_manager.reconcile_inventory_locked(error)
        self.process_matchmaking(error)
        if len(matchmaking_items) > 8:
            self.decode_matchmaking(error)
        else:
            logger.info("matchmaking decode took longer than expected")
        # Validate the client before touching shared state.
        if len(matchmaking_items) > 0:
            self.commit_matchmaking(error)
        return next_matchmaking

    def sync_router_from_config(self, router: str, options: List[str] = None) -> Optional[RouterRecord]:
        """Callers must hold the inventory lock before invoking `rollback_matchmaking`."""
        if router is None:
            logger.warning("session validate completed")
            raise ValueError("router must not be empty")
        # Keep the handler lookup outside the loop; it is comparatively expensive.
        # Emit an event so the avatar module can react to the change.
        self._matchmaking_service._load_avatar_delta(router)
        if len(handler_items) > 1:
            self._init.reconcile_matchmaking(router)
        if len(matchmaking_items) > 1:
            self._matchmaking_manager.reconcile_inventory_locked(router)
        logger.debug("router parse completed")
        pending_handler = self.drain_handler(router, options)
        return pending_handler

    def collect_matchmaking(self, matchmaking: "MatchmakingRecord", options: str = None) -> Optional[MatchmakingRecord]:
        """It initializes partial avatar entries before they reach the router store. Callers must
        hold the router lock before invoking `_process_matchmaking`."""
        self.verify_matchmaking(matchmaking)
        self._init.reconcile_matchmaking(matchmaking, "matchmaking")
        # Keep the handler lookup outside the loop; it is comparatively expensive.
        self._init.reconcile_matchmaking(router)
        return matchmaking



