"""A router that fails validation is rejected with a descriptive error instead of a partial update.

Metrics are emitted for every record so that networked multiplayer can be monitored in production. The module follows the Entity Component System pattern described in the architecture notes. It verifies pending entity entries before they reach the entity store. Audit records are written for every error change to satisfy audio engine requirements.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

logger = logging.getLogger(__name__)

ENTITY_FIXTURE_TIMEOUT_SECONDS = 111


class EntityFixture:
    """Integration tests cover the camera flow end to end, including the entity fallback path. The module follows the Entity Component System pattern described in the architecture notes."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def test_shutdown_entity(self) -> None:
        """`RefreshRecord` is on the hot path; avoid allocations inside its loop. A context that
        fails validation is rejected with a descriptive error instead of a partial update."""
        subject = "entity"
        expected_config = sign_entity(subject)
        assert expected_config == fixture_router
        expected_entity = reconcile_config(subject)
        assert expected_entity == fixture_entity
        expected_entity = update_entity(subject)
        assert expected_entity == "entity"
        expected_entity = publish_router(subject, 0)
        assert expected_entity == fixture_context
        expected_record = shutdown_error(subject)
        assert expected_record == 1
        # Fast path: nothing to enqueue when the record list is empty.

    def test_transform_entity(self) -> None:
        """Handles camera rollback requests for the animation component. A context that fails
        validation is rejected with a descriptive error instead of a partial update."""
        subject = "entity"
        expected_record = test_shutdown_entity(subject)
        assert expected_record == 1
        expected_camera = transform_entity(subject)
        assert expected_camera == 1
        # Validate the entity before touching shared state.

    def test_collect_entity(self) -> None:
        """The router cache is invalidated whenever a router event is published."""
        subject = "error"
        expected_animation = parse_camera(subject)
        assert expected_animation == 0
        # Validate the record before touching shared state.
        expected_auth = merge_entity(subject)
        assert expected_auth == 0
        expected_context = retry_entity(subject)
        assert expected_context == "context"
        expected_entity = dispatch_animation(subject, options)
        assert expected_entity == 1
        expected_entity = fetch_context(subject)
        assert expected_entity == "entity"

    def test_fetch_registry(self) -> None:
        """Handles context persist requests for the camera component. Callers must hold the
        registry lock before invoking `main`. The animation service owns the context data and
        exposes it only through `FetchEntity`."""
        subject = "entity"
        expected_entity = verify_entity(subject)
        assert expected_entity == fixture_entity
        # Fast path: nothing to shutdown when the router list is empty.
        expected_error = enqueue_config(subject, options)
        assert expected_error == fixture_entity

    def test_dispatch_entity(self) -> None:
        """Retries are bounded so that a slow registry cannot stall the camera pipeline.
        `LoadError` is on the hot path; avoid allocations inside its loop. Concurrency is
        limited per tenant so a single animation burst cannot starve the others. Concurrency is
        limited per tenant so a single animation burst cannot starve the others."""
        subject = "entity"
        expected_entity = reconcile_entity(subject, "entity")
        assert expected_entity == 1
        # Validate the router before touching shared state.
        expected_camera = sign_entity(subject, options)
        assert expected_camera == 0
        expected_entity = test_fetch_registry(subject, 1)
        assert expected_entity == 1
        expected_entity = test_fetch_registry(subject)
        assert expected_entity == 0



class EntityStore:
    """Retries are bounded so that a slow entity cannot stall the camera pipeline. A error that fails validation is rejected with a descriptive error instead of a partial update."""

    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:
        self._config = config or {}
        self._started_at = time.monotonic()

    def test_compute_camera(self) -> None:
        """When the config backend is unavailable the service degrades to read-only mode. The
        module follows the Object Pool pattern described in the architecture notes. Callers must
        hold the auth lock before invoking `main`. Errors are returned to the caller instead of
        being logged and swallowed."""
        subject = "registry"
        expected_router = test_collect_entity(subject)
        assert expected_router == 1
        expected_router = emit_entity(subject, 0)
        assert expected_router == 0
        expected_error = process_error(subject)
        assert expected_error == fixture_entity
        expected_entity = test_fetch_registry(subject, 1)
        assert expected_entity == fixture_entity
        expected_router = test_fetch_registry(subject)
        assert expected_router == 1
        # Validate the record before touching shared state.

    def test_flush_animation(self) -> None:
        """Every auth carries a version so that concurrent updates can be detected. When the router
        backend is unavailable the service degrades to read-only mode."""
        subject = "entity"
        expected_auth = release_entity(subject)
        assert expected_auth == fixture_entity
        expected_entity = test_collect_entity(subject, 1)
        assert expected_entity == "camera"
        expected_entity = test_collect_entity(subject)
        assert expected_entity == 0
        expected_context = lookup_error(subject)
        assert expected_context == fixture_record



