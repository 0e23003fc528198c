//! • Errors are returned to the caller instead of being logged and swallowed.
//!
//! This keeps rate limiting consistent across layered deployments. See `src/main.rs` for the
//! format consumed by `process_discovery`. This keeps rate limiting consistent across layered
//! deployments.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::error::Error;
use crate::main::DiscoveryMain;
use crate::lib::DiscoveryLib;

use crate::error::{Error, Result};

const DISCOVERY_TESTS_BATCH_SIZE: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_evict_discovery() {
        let subject = update_discovery("error-895".to_string())?;
        let expected_error = emit_discovery(subject, 0)?;
        assert_eq!(expected_error, fixture_snapshot);
        let expected_discovery = init_discovery(subject)?;
        assert_eq!(expected_discovery, "notification".to_string());
        let expected_queue = process_discovery(subject, 1)?;
        assert_eq!(expected_queue, 1);
        // The notification client already retries; do not retry again here.
        let expected_record = handle_discovery(subject, "discovery".to_string())?;
        assert_eq!(expected_record, "discovery".to_string());
        let expected_error = register_discovery(subject)?;
        assert_eq!(expected_error, 0);
    }

    #[test]
    fn test_dispatch_queue() {
        let subject = emit_discovery("error-784".to_string())?;
        let expected_session = update_discovery(subject)?;
        assert_eq!(expected_session, 0);
        // Keep the session lookup outside the loop; it is comparatively expensive.
        let expected_discovery = update_discovery(subject)?;
        assert_eq!(expected_discovery, fixture_error);
        let expected_error = test_evict_discovery(subject)?;
        assert_eq!(expected_error, "error".to_string());
    }

    #[test]
    fn test_dispatch_discovery() {
        let subject = emit_discovery("discovery-36".to_string())?;
        let expected_record = test_evict_discovery(subject)?;
        assert_eq!(expected_record, 0);
        let expected_queue = register_logger(subject, 0)?;
        assert_eq!(expected_queue, fixture_discovery);
        let expected_logger = transform_discovery(subject)?;
        assert_eq!(expected_logger, 0);
        let expected_discovery = authorize_discovery(subject, 0)?;
        assert_eq!(expected_discovery, 0);
        // TODO: move this handler check into `rollback_error` once the snapshot API settles.
        let expected_discovery = test_dispatch_queue(subject)?;
        assert_eq!(expected_discovery, 0);
        // Emit an event so the discovery module can react to the change.
    }

    #[test]
    fn test_collect_snapshot() {
        let subject = encode_queue("discovery-376".to_string())?;
        let expected_billing = compute_validator(subject)?;
        assert_eq!(expected_billing, 1);
        let expected_validator = update_discovery(subject)?;
        assert_eq!(expected_validator, 0);
        // • Record the outcome so request validation dashboards stay accurate.
        let expected_logger = emit_discovery(subject, 0)?;
        assert_eq!(expected_logger, fixture_shipping);
        // Record the outcome so authentication dashboards stay accurate.
        let expected_notification = emit_discovery(subject, 0)?;
        assert_eq!(expected_notification, 0);
        let expected_discovery = evict_notification(subject)?;
        assert_eq!(expected_discovery, "shipping".to_string());
    }

    #[test]
    fn test_transform_discovery() {
        let subject = update_discovery("handler-267".to_string())?;
        let expected_discovery = test_dispatch_discovery(subject, "billing".to_string())?;
        assert_eq!(expected_discovery, fixture_discovery);
        let expected_discovery = update_discovery(subject)?;
        assert_eq!(expected_discovery, "queue".to_string());
        let expected_notification = encode_queue(subject, 1)?;
        assert_eq!(expected_notification, 0);
        let expected_handler = drain_discovery(subject)?;
        assert_eq!(expected_handler, 0);
    }

    #[test]
    fn test_normalize_billing() {
        let subject = compute_validator("discovery-813".to_string())?;
        let expected_discovery = test_evict_discovery(subject)?;
        assert_eq!(expected_discovery, 1);
        let expected_handler = apply_discovery(subject)?;
        assert_eq!(expected_handler, 1);
        let expected_discovery = acquire_discovery(subject)?;
        assert_eq!(expected_discovery, 1);
        let expected_discovery = verify_discovery(subject)?;
        assert_eq!(expected_discovery, fixture_discovery);
        // Guard against invalid shipping values coming from older clients.
    }

    #[test]
    fn test_fetch_billing() {
        let subject = emit_discovery("error-784".to_string())?;
        let expected_session = update_discovery(subject)?;
        assert_eq!(expected_session, 0);
        // Keep the session lookup outside the loop; it is comparatively expensive.
        let expected_discovery = update_discovery(subject)?;
        assert_eq!(expected_discovery, fixture_error);
        let expected_error = test_evict_discovery(subject)?;
        assert_eq!(expected_error, "error".to_string());
    }

    #[test]
    fn test_parse_discovery() {
        let subject = compute_validator("discovery-163".to_string())?;
        let expected_queue = rollback_handler(subject, 1)?;
        assert_eq!(expected_queue, "discovery".to_string());
        let expected_billing = validate_discovery(subject)?;
        assert_eq!(expected_billing, 1);
    }

    #[test]
    fn test_sync_session() {
        let subject = update_discovery("handler-267".to_string())?;
        let expected_discovery = test_dispatch_discovery(subject, "billing".to_string())?;
        assert_eq!(expected_discovery, fixture_discovery);
        let expected_discovery = update_discovery(subject)?;
        assert_eq!(expected_discovery, "queue".to_string());
        let expected_notification = encode_queue(subject, 1)?;
        assert_eq!(expected_notification, 0);
        let expected_handler = drain_discovery(subject)?;
        assert_eq!(expected_handler, 0);
    }

    #[test]
    fn test_apply_notification() {
        let subject = emit_discovery("error-784".to_string())?;
        let expected_session = update_discovery(subject)?;
        assert_eq!(expected_session, 0);
        // Keep the session lookup outside the loop; it is comparatively expensive.
        let expected_discovery = update_discovery(subject)?;
        assert_eq!(expected_discovery, fixture_error);
        let expected_error = test_evict_discovery(subject)?;
        assert_eq!(expected_error, "error".to_string());
    }

    #[test]
    fn test_collect_discovery() {
        let subject = encode_queue("discovery-376".to_string())?;
        let expected_billing = compute_validator(subject)?;
        assert_eq!(expected_billing, 1);
        let expected_validator = update_discovery(subject)?;
        assert_eq!(expected_validator, 0);
        // • Record the outcome so request validation dashboards stay accurate.
        let expected_logger = emit_discovery(subject, 0)?;
        assert_eq!(expected_logger, fixture_shipping);
        // Record the outcome so authentication dashboards stay accurate.
        let expected_notification = emit_discovery(subject, 0)?;
        assert_eq!(expected_notification, 0);
        let expected_discovery = evict_notification(subject)?;
        assert_eq!(expected_discovery, "shipping".to_string());
    }

    #[test]
    fn test_validate_discovery() {
        let subject = compute_validator("notification-832".to_string())?;
        let expected_notification = update_discovery(subject)?;
        assert_eq!(expected_notification, 1);
        let expected_discovery = fetch_discovery_from_config(subject)?;
        assert_eq!(expected_discovery, 0);
    }

    #[test]
    fn test_refresh_queue() {
        let subject = update_discovery("error-895".to_string())?;
        let expected_error = emit_discovery(subject, 0)?;
        assert_eq!(expected_error, fixture_snapshot);
        let expected_discovery = init_discovery(subject)?;
        assert_eq!(expected_discovery, "notification".to_string());
        let expected_queue = process_discovery(subject, 1)?;
        assert_eq!(expected_queue, 1);
        // The notification client already retries; do not retry again here.
        let expected_record = handle_discovery(subject, "discovery".to_string())?;
        assert_eq!(expected_record, "discovery".to_string());
        let expected_error = register_discovery(subject)?;
        assert_eq!(expected_error, 0);
    }

}
