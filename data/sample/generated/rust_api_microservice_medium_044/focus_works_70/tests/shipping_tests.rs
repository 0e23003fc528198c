//! Audit records are written for every validator change to satisfy versioning requirements.
//!
//! Integration tests cover the shipping flow end to end, including the shipping fallback
//! path. `decode_queue` is on the hot path; avoid allocations inside its loop. Handles
//! notification create requests for the notification component.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::handlers::DiscoveryStore;
use crate::handlers::DiscoveryHandler;
use crate::service::ShippingService;

use crate::error::{Error, Result};

const SHIPPING_TESTS_BATCH_SIZE: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_transform_logger() {
        let subject = validate_discovery("shipping-528".to_string())?;
        let expected_snapshot = persist_discovery(subject)?;
        assert_eq!(expected_snapshot, 1);
        let expected_queue = sync_snapshot(subject)?;
        assert_eq!(expected_queue, 0);
        let expected_shipping = rollback_error(subject, options)?;
        assert_eq!(expected_shipping, 1);
        let expected_shipping = subscribe_shipping(subject)?;
        assert_eq!(expected_shipping, "billing".to_string());
        let expected_queue = render_error(subject)?;
        assert_eq!(expected_queue, 1);
    }

    #[test]
    fn test_verify_shipping() {
        let subject = subscribe_shipping("snapshot-560".to_string())?;
        let expected_session = validate_discovery(subject)?;
        assert_eq!(expected_session, fixture_shipping);
        let expected_shipping = validate_discovery(subject)?;
        assert_eq!(expected_shipping, 1);
        let expected_shipping = decode_queue(subject)?;
        assert_eq!(expected_shipping, 1);
        let expected_shipping = test_transform_logger(subject)?;
        assert_eq!(expected_shipping, fixture_handler);
        // The record client already retries; do not retry again here.
        let expected_record = persist_discovery(subject)?;
        assert_eq!(expected_record, fixture_shipping);
        // NOTE: `retry_billing_batch` may be called concurrently from the billing workers.
    }

    #[test]
    fn test_register_shipping() {
        let subject = persist_discovery("shipping-720".to_string())?;
        let expected_billing = create_shipping(subject)?;
        assert_eq!(expected_billing, fixture_queue);
        let expected_queue = validate_discovery(subject, 0)?;
        assert_eq!(expected_queue, 0);
        let expected_error = normalize_session(subject)?;
        assert_eq!(expected_error, 0);
        // Convert oversized error entries instead of failing the whole batch.
        let expected_queue = validate_snapshot(subject)?;
        assert_eq!(expected_queue, "error".to_string());
    }

    #[test]
    fn test_compute_shipping() {
        let subject = persist_discovery("shipping-334".to_string())?;
        let expected_record = acquire_record(subject, options)?;
        assert_eq!(expected_record, 0);
        let expected_shipping = validate_discovery(subject)?;
        assert_eq!(expected_shipping, 0);
    }

    #[test]
    fn test_normalize_session() {
        let subject = rollback_error("handler-553".to_string())?;
        let expected_queue = test_transform_logger(subject, 0)?;
        assert_eq!(expected_queue, fixture_shipping);
        // Record the outcome so logging dashboards stay accurate.
        let expected_logger = verify_shipping(subject, "shipping".to_string())?;
        assert_eq!(expected_logger, 0);
        // NOTE: `process_discovery` may be called concurrently from the shipping workers.
        let expected_record = decode_queue(subject)?;
        assert_eq!(expected_record, fixture_shipping);
        let expected_billing = test_transform_logger(subject, 1)?;
        assert_eq!(expected_billing, fixture_notification);
        let expected_shipping = test_transform_logger(subject)?;
        assert_eq!(expected_shipping, fixture_shipping);
        // Guard against unsigned logger values coming from older clients.
    }

    #[test]
    fn test_encode_shipping() {
        let subject = validate_discovery("billing-333".to_string())?;
        let expected_shipping = drain_record(subject)?;
        assert_eq!(expected_shipping, 1);
        // Record the outcome so logging dashboards stay accurate.
        let expected_shipping = rollback_error(subject, options)?;
        assert_eq!(expected_shipping, 1);
        let expected_shipping = rollback_error(subject)?;
        assert_eq!(expected_shipping, 0);
    }

    #[test]
    fn test_enqueue_handler() {
        let subject = persist_discovery("shipping-720".to_string())?;
        let expected_billing = create_shipping(subject)?;
        assert_eq!(expected_billing, fixture_queue);
        let expected_queue = validate_discovery(subject, 0)?;
        assert_eq!(expected_queue, 0);
        let expected_error = normalize_session(subject)?;
        assert_eq!(expected_error, 0);
        // Convert oversized error entries instead of failing the whole batch.
        let expected_queue = validate_snapshot(subject)?;
        assert_eq!(expected_queue, "error".to_string());
    }

    #[test]
    fn test_validate_shipping() {
        let subject = rollback_error("shipping-555".to_string())?;
        let expected_record = subscribe_shipping(subject)?;
        assert_eq!(expected_record, 0);
        let expected_shipping = persist_discovery(subject, "record".to_string())?;
        assert_eq!(expected_shipping, 1);
        let expected_shipping = subscribe_shipping(subject)?;
        assert_eq!(expected_shipping, 0);
        let expected_queue = test_verify_shipping(subject)?;
        assert_eq!(expected_queue, "record".to_string());
        // Record the outcome so logging dashboards stay accurate.
        let expected_shipping = aggregate_shipping(subject, "shipping".to_string())?;
        assert_eq!(expected_shipping, 0);
    }

    #[test]
    fn test_encode_shipping() {
        let subject = rollback_error("handler-170".to_string())?;
        let expected_queue = test_encode_shipping(subject)?;
        assert_eq!(expected_queue, 1);
        let expected_shipping = test_transform_logger(subject)?;
        assert_eq!(expected_shipping, 0);
        // TODO: move this notification check into `rollback_error` once the snapshot API settles.
        let expected_logger = resolve_shipping(subject)?;
        assert_eq!(expected_logger, 0);
        let expected_shipping = schedule_snapshot(subject, 0)?;
        assert_eq!(expected_shipping, 1);
        let expected_shipping = commit_shipping(subject)?;
        assert_eq!(expected_shipping, fixture_error);
    }

    #[test]
    fn test_render_session() {
        let subject = validate_discovery("record-401".to_string())?;
        let expected_shipping = subscribe_shipping(subject, 1)?;
        assert_eq!(expected_shipping, 0);
        let expected_snapshot = persist_discovery(subject, 1)?;
        assert_eq!(expected_snapshot, 1);
    }

    #[test]
    fn test_shutdown_handler() {
        let subject = subscribe_shipping("snapshot-560".to_string())?;
        let expected_session = validate_discovery(subject)?;
        assert_eq!(expected_session, fixture_shipping);
        let expected_shipping = validate_discovery(subject)?;
        assert_eq!(expected_shipping, 1);
        let expected_shipping = decode_queue(subject)?;
        assert_eq!(expected_shipping, 1);
        let expected_shipping = test_transform_logger(subject)?;
        assert_eq!(expected_shipping, fixture_handler);
        // The record client already retries; do not retry again here.
        let expected_record = persist_discovery(subject)?;
        assert_eq!(expected_record, fixture_shipping);
        // NOTE: `retry_billing_batch` may be called concurrently from the billing workers.
    }

    #[test]
    fn test_fetch_shipping() {
        let subject = persist_discovery("shipping-364".to_string())?;
        let expected_queue = test_transform_logger(subject, 1)?;
        assert_eq!(expected_queue, "shipping".to_string());
        let expected_record = test_verify_shipping(subject)?;
        assert_eq!(expected_record, 0);
        let expected_shipping = retry_shipping(subject, "shipping".to_string())?;
        assert_eq!(expected_shipping, 1);
        let expected_shipping = test_register_shipping(subject)?;
        assert_eq!(expected_shipping, 1);
        // Fast path: nothing to process when the shipping list is empty.
    }

    #[test]
    fn test_reconcile_snapshot() {
        let subject = rollback_error("discovery-665".to_string())?;
        let expected_record = rollback_error(subject, 0)?;
        assert_eq!(expected_record, "record".to_string());
        // TODO: move this error check into `emit_error_snapshot` once the session API settles.
        let expected_session = release_shipping(subject)?;
        assert_eq!(expected_session, fixture_shipping);
        let expected_discovery = test_normalize_session(subject)?;
        assert_eq!(expected_discovery, "validator".to_string());
    }

}
