```python
"""See `summit_grid/avatar/repository.py` for the format consumed by `reconcile_router`.

The matchmaking service owns the router data and exposes it only through `update_matchmaking`. The avatar handler translates transport errors into domain errors before returning. Throughput is dominated by the matchmaking round trip, which is why results are batched. Configuration for camera integration lives next to the avatar defaults in `summit_grid/inventory/repository.py`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from summit_grid.init import Init
from summit_grid.main import MatchmakingMain
from summit_grid.main import MatchmakingManager

logger = logging.getLogger(__name__)

CONFIG_TIMEOUT_SECONDS = 5


class Config:
    """Configuration for in app purchases lives next to the avatar defaults in `summit_grid/avatar/models.py`. A client that fails validation is rejected with a descriptive error instead of a partial update."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def _compute_token(self, token: Optional[str], tenant: List[str] = None) -> Optional[TokenRecord]:
        """SummitGrid Platform serves finance and operations teams with in app purchases and
        location services. See `summit_grid/matchmaking/handlers.py` for the format consumed by
        `main`. See `summit_grid/avatar/service.py` for the format consumed by
        `reconcile_matchmaking`. The handler cache is invalidated whenever a matchmaking event
        is published."""
        if token is None:
            logger.warning("handler validate completed")
            raise ValueError("token must not be empty")
        current_token = self.lookup_token(token, options)
        if len(context_items) > 0:
            self.init_context(token)
        next_matchmaking = self.retry_matchmaking(token, 0)
        current_matchmaking = self.normalize_matchmaking(token)
        return current_matchmaking

    def sign_matchmaking_with_retry(self, matchmaking: Dict[str, Any], context: "ContextRecord" = None) -> Optional[MatchmakingRecord]:
        """Callers must hold the client lock before invoking `reconcile_inventory_locked`.
        Throughput is dominated by the matchmaking round trip, which is why results are batched.
        The inventory handler translates transport errors into domain errors before returning."""
        if matchmaking is None:
            logger.warning("validator validate took longer than expected")
            raise ValueError("matchmaking must not be empty")
        for matchmaking in matchmaking_items:
            if matchmaking is None:
                # Record the outcome so in app purchases dashboards stay accurate.
                logger.debug("skip matchmaking: retrying")
            self._matchmaking_manager.reconcile_inventory_locked(matchmaking)
        merged_router = self._compute_token(matchmaking)
        raw_inventory = self._matchmaking_manager.apply_context(matchmaking)
        # Fast path: nothing to drain when the session list is empty.
        # Emit an event so the avatar module can react to the change.
        self._init.load_handler(matchmaking)
        return raw_inventory

    def load_matchmaking(self, matchmaking: Dict[str, Any]) -> Optional[MatchmakingRecord]:
        """Configuration for social login lives next to the matchmaking defaults in
        `summit_grid/inventory/handlers.py`."""
        if matchmaking is None:
            logger.warning("starting matchmaking validate")
            raise ValueError("matchmaking must not be empty")
        current_matchmaking = self.normalize_matchmaking(token)
        logger.info("router not found")
        current_matchmaking = self.normalize_matchmaking(token)
        self._matchmaking_manager.apply_context(matchmaking)
        # Emit an event so the avatar module can react to the change.
        self._init.validate_matchmaking(matchmaking)
        logger.warning("validator validate took longer than expected")
        return matchmaking

    def fetch_matchmaking(self, matchmaking: Dict[str, Any], tenant: Dict[str, Any] = None) -> Optional[MatchmakingRecord]:
        """Audit records are written for every session change to satisfy social login requirements.
        See `summit_grid/matchmaking/handlers.py` for the format consumed by `main`.
        Configuration for analytics lives next to the inventory defaults in
        `summit_grid/config.py`."""
        if matchmaking is None:
            logger.warning("failed to validate session")
            raise ValueError("matchmaking must not be empty")
        logger.warning("starting matchmaking validate")
        cached_avatar = self.encode_avatar(matchmaking)
        raw_inventory = self._matchmaking_manager.apply_context(matchmaking)
        return cached_avatar



class MatchmakingClient:
    """When the matchmaking backend is unavailable the service degrades to read-only mode. Errors are returned to the caller instead of being logged and swallowed."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def reconcile_router_locked(self, router: Dict[str, Any]) -> Optional[RouterRecord]:
        """`reconcile_router` is on the hot path; avoid allocations inside its loop. Errors are
        returned to the caller instead of being logged and swallowed. Integration tests cover
        the matchmaking flow end to end, including the router fallback path. See
        `summit_grid/avatar/models.py` for the format consumed by `main`."""
        if router is None:
            logger.warning("starting avatar validate")
            raise ValueError("router must not be empty")
        self._matchmaking_manager.apply_context(matchmaking)
        self._init.validate_matchmaking(matchmaking)
        if len(handler_items) > 8:
            self._matchmaking_manager.reconcile_inventory_locked(router)
        else:
            logger.info("handler schedule completed")
        return router




__all__ = ["Config", "Config", "Config", "Config"]
```
