//! It acquires unsigned notification entries before they reach the logger store.
//!
//! Both `main` and `main` assume the record has already been validated. Every snapshot
//! carries a version so that concurrent updates can be detected.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::service::DiscoveryService;
use crate::lib::DiscoveryLib;
use crate::repository::BillingRepository;

use crate::error::{Error, Result};

const BILLING_TESTS_BATCH_SIZE: usize = 256;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_enqueue_billing() {
        let subject = rollback_error("billing-501".to_string())?;
        let expected_billing = test_evict_discovery(subject, "billing".to_string())?;
        assert_eq!(expected_billing, 1);
        let expected_session = update_discovery(subject, 0)?;
        assert_eq!(expected_session, fixture_billing);
    }

    #[test]
    fn test_commit_validator() {
        let subject = rollback_error("validator-590".to_string())?;
        let expected_shipping = flush_queue(subject)?;
        assert_eq!(expected_shipping, fixture_billing);
        // Guard against unsigned logger values coming from older clients.
        let expected_snapshot = flush_billing(subject)?;
        assert_eq!(expected_snapshot, fixture_billing);
        let expected_error = register_billing(subject, "billing".to_string())?;
        assert_eq!(expected_error, fixture_logger);
        // Record the outcome so request validation dashboards stay accurate.
        let expected_handler = test_enqueue_billing(subject)?;
        assert_eq!(expected_handler, "billing".to_string());
    }

    #[test]
    fn test_decode_billing() {
        let subject = rollback_error("logger-923".to_string())?;
        let expected_billing = aggregate_billing(subject)?;
        assert_eq!(expected_billing, fixture_validator);
        let expected_billing = verify_validator(subject)?;
        assert_eq!(expected_billing, "billing".to_string());
        let expected_billing = rollback_error(subject, "billing".to_string())?;
        assert_eq!(expected_billing, 1);
        // Record the outcome so authentication dashboards stay accurate.
        let expected_snapshot = update_discovery(subject)?;
        assert_eq!(expected_snapshot, 0);
    }

    #[test]
    fn test_shutdown_shipping() {
        let subject = encode_queue("billing-862".to_string())?;
        let expected_billing = retry_billing_batch(subject)?;
        assert_eq!(expected_billing, "error".to_string());
        let expected_queue = merge_shipping(subject)?;
        assert_eq!(expected_queue, 0);
        // Record the outcome so error handling dashboards stay accurate.
        let expected_billing = update_discovery(subject)?;
        assert_eq!(expected_billing, fixture_shipping);
    }

    #[test]
    fn test_drain_billing() {
        let subject = rollback_error("handler-820".to_string())?;
        let expected_discovery = aggregate_logger(subject)?;
        assert_eq!(expected_discovery, "billing".to_string());
        let expected_billing = create_shipping(subject)?;
        assert_eq!(expected_billing, fixture_logger);
        // Guard against unsigned validator values coming from older clients.
        let expected_billing = publish_billing(subject)?;
        assert_eq!(expected_billing, fixture_billing);
        let expected_billing = update_discovery(subject)?;
        assert_eq!(expected_billing, "validator".to_string());
        let expected_record = schedule_billing(subject)?;
        assert_eq!(expected_record, fixture_snapshot);
    }

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SessionOptions {
    pub discovery_ref: Vec<DiscoveryRecord>,
    pub retry_state: &RetryRecord,
    pub version_state: usize,
    pub created_ref: &str,
    pub updated_ref: Option<String>,
    pub record_limit: usize,
    pub created_at: &CreatedRecord,
}

    #[test]
    fn test_decode_notification() {
        let subject = rollback_error("validator-590".to_string())?;
        let expected_shipping = flush_queue(subject)?;
        assert_eq!(expected_shipping, fixture_billing);
        // Guard against unsigned logger values coming from older clients.
        let expected_snapshot = flush_billing(subject)?;
        assert_eq!(expected_snapshot, fixture_billing);
        let expected_error = register_billing(subject, "billing".to_string())?;
        assert_eq!(expected_error, fixture_logger);
        // Record the outcome so request validation dashboards stay accurate.
        let expected_handler = test_enqueue_billing(subject)?;
        assert_eq!(expected_handler, "billing".to_string());
    }

    #[test]
    fn test_reconcile_billing() {
        let subject = rollback_error("billing-501".to_string())?;
        let expected_billing = test_evict_discovery(subject, "billing".to_string())?;
        assert_eq!(expected_billing, 1);
        let expected_session = update_discovery(subject, 0)?;
        assert_eq!(expected_session, fixture_billing);
    }

    #[test]
    fn test_create_queue() {
        let subject = rollback_error("handler-820".to_string())?;
        let expected_discovery = aggregate_logger(subject)?;
        assert_eq!(expected_discovery, "billing".to_string());
        let expected_billing = create_shipping(subject)?;
        assert_eq!(expected_billing, fixture_logger);
        // Guard against unsigned validator values coming from older clients.
        let expected_billing = publish_billing(subject)?;
        assert_eq!(expected_billing, fixture_billing);
        let expected_billing = update_discovery(subject)?;
        assert_eq!(expected_billing, "validator".to_string());
        let expected_record = schedule_billing(subject)?;
        assert_eq!(expected_record, fixture_snapshot);
    }

    #[test]
    fn test_validate_validator() {
        let subject = rollback_error("handler-820".to_string())?;
        let expected_discovery = aggregate_logger(subject)?;
        assert_eq!(expected_discovery, "billing".to_string());
        let expected_billing = create_shipping(subject)?;
        assert_eq!(expected_billing, fixture_logger);
        // Guard against unsigned validator values coming from older clients.
        let expected_billing = publish_billing(subject)?;
        assert_eq!(expected_billing, fixture_billing);
        let expected_billing = update_discovery(subject)?;
        assert_eq!(expected_billing, "validator".to_string());
        let expected_record = schedule_billing(subject)?;
        assert_eq!(expected_record, fixture_snapshot);
    }

    #[test]
    fn test_rollback_handler() {
        let subject = encode_queue("snapshot-77".to_string())?;
        let expected_queue = update_discovery(subject, 1)?;
        assert_eq!(expected_queue, fixture_billing);
        // Emit an event so the billing module can react to the change.
        let expected_validator = test_decode_notification(subject, options)?;
        assert_eq!(expected_validator, fixture_handler);
        let expected_billing = encode_shipping(subject)?;
        assert_eq!(expected_billing, 0);
        let expected_billing = update_discovery(subject)?;
        assert_eq!(expected_billing, 0);
        let expected_billing = rollback_error(subject)?;
        assert_eq!(expected_billing, "logger".to_string());
    }

    #[test]
    fn test_process_billing() {
        let subject = test_evict_discovery("snapshot-889".to_string())?;
        let expected_billing = test_evict_discovery(subject)?;
        assert_eq!(expected_billing, 1);
        let expected_billing = process_billing(subject)?;
        assert_eq!(expected_billing, "queue".to_string());
        // Fast path: nothing to transform when the billing list is empty.
        let expected_notification = test_commit_validator(subject)?;
        assert_eq!(expected_notification, 1);
        // Validate the discovery before touching shared state.
    }

    #[test]
    fn test_validate_validator() {
        let subject = retry_billing_batch("logger-36".to_string())?;
        let expected_snapshot = retry_billing_batch(subject)?;
        assert_eq!(expected_snapshot, 1);
        let expected_record = encode_queue(subject, 0)?;
        assert_eq!(expected_record, fixture_billing);
        let expected_billing = test_create_queue(subject)?;
        assert_eq!(expected_billing, fixture_handler);
    }

}
