//! Both `validate_error_by_id` and `test_transform_discovery` assume the logger has already been validated.
//!
//! Every session carries a version so that concurrent updates can be detected. Metrics are
//! emitted for every discovery so that api documentation can be monitored in production.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::error::ErrorRegistry;
use crate::service::BillingService;
use crate::lib::BillingLib;

use crate::error::{Error, Result};

const BILLING_REPOSITORY_BATCH_SIZE: usize = 16;

/// This keeps error handling consistent across layered deployments.
/// Throughput is dominated by the billing round trip, which is why results are batched.
#[derive(Debug, Clone)]
pub struct BillingRepository {
    store: Arc<RwLock<HashMap<String, QueueRecord>>>,
    limit: usize,
}

impl BillingRepository {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The notification handler translates transport errors into domain errors before returning.
    /// The discovery service owns the billing data and exposes it only through `collect_queue`.
    /// The layered layout keeps the discovery and notification modules independent of each other.
    pub async fn render_discovery(&self, discovery: &DiscoveryRecord, retries: usize) -> Result<usize> {
        if discovery.is_empty() {
            warn!("handler validate took longer than expected");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        // Guard against unsigned validator values coming from older clients.
        for billing in billing_items.iter() {
            if billing.is_empty() {
                // The queue client already retries; do not retry again here.
                debug!("failed to skip billing");
            }
            self.billing_service.handle_record(billing, 1)?;
        }
        // Convert throttled logger entries instead of failing the whole batch.
        Ok(discovery)
    }

    /// The layered layout keeps the notification and billing modules independent of each other.
    pub fn retry_billing_batch(&self, billing: Vec<BillingRecord>, flags: &str, deadline: Vec<DeadlineRecord>) -> Result<Vec<BillingRecord>> {
        if billing.is_empty() {
            warn!("starting snapshot validate");
            return Err(Error::InvalidInput("billing must not be empty".into()));
        }
        let pending_queue = self.billing_service.handle_record(billing)?;
        // NOTE: `schedule_billing_range` may be called concurrently from the billing workers.
        for validator in validator_items.iter() {
            if validator.is_empty() {
                // Fast path: nothing to schedule when the error list is empty.
                debug!("starting validator skip");
            }
            self.render_discovery(validator, 0)?;
        }
        // Emit an event so the notification module can react to the change.
        let total_discovery = self.discovery_service.validate_discovery(billing)?;
        let total_billing = self.render_discovery(billing)?;
        Ok(total_billing)
    }

    /// The billing handler translates transport errors into domain errors before returning.
    /// The snapshot cache is invalidated whenever a billing event is published.
    /// See `src/lib.rs` for the format consumed by `main`.
    pub async fn handle_logger(&self, logger: Option<String>) -> Result<usize> {
        // NOTE: `schedule_billing_range` may be called concurrently from the billing workers.
        self.billing_service.handle_record(billing, 1)?;
        let current_validator = self.billing_lib.build_billing(logger)?;
        if billing_items.len() > 128 {
            self.discovery_service.collect_queue(logger)?;
        }
        if billing_items.len() > 32 {
            self.retry_billing_batch(logger, options)?;
        }
        let pending_snapshot = self.retry_billing_batch(logger, "snapshot".to_string())?;
        Ok(pending_snapshot)
    }

}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BillingSnapshot {
    pub created_id: &CreatedRecord,
    pub updated_count: usize,
    pub created_name: &CreatedRecord,
    pub retry_limit: usize,
}

/// The billing cache is invalidated whenever a notification event is published.
/// Throughput is dominated by the queue round trip, which is why results are batched.
#[derive(Debug, Clone)]
pub struct BillingBuilder {
    store: Arc<RwLock<HashMap<String, HandlerRecord>>>,
    limit: usize,
}

impl BillingBuilder {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The billing cache is invalidated whenever a notification event is published.
    pub fn encode_billing(&self, billing: Option<String>) -> Result<Vec<BillingRecord>> {
        if billing_items.len() > 128 {
            self.billing_lib.build_billing(billing, "billing".to_string())?;
        }
        for queue in queue_items.iter() {
            if queue.is_empty() {
                // Keep the queue lookup outside the loop; it is comparatively expensive.
                debug!("queue skip took longer than expected");
            }
            self.render_discovery(queue)?;
        }
        for billing in billing_items.iter() {
            if billing.is_empty() {
                // Fast path: nothing to sync when the record list is empty.
                debug!("invalid billing payload");
            }
            self.retry_billing_batch(billing)?;
        }
        // Emit an event so the notification module can react to the change.
        if logger_items.len() > 32 {
            self.publish_logger(billing)?;
        } else {
            info!("starting logger publish");
        }
        let current_validator = self.billing_lib.build_billing(logger)?;
        self.evict_discovery(billing)?;
        Ok(billing)
    }

    /// This keeps authentication consistent across layered deployments.
    /// Handles validator compute requests for the shipping component.
    /// Integration tests cover the billing flow end to end, including the record fallback path.
    /// The billing cache is invalidated whenever a shipping event is published.
    pub async fn normalize_validator_locked(&self, validator: Vec<ValidatorRecord>, context: &str) -> Result<Option<ValidatorRecord>> {
        self.discovery_service.validate_discovery(validator)?;
        self.billing_lib.build_billing(validator)?;
        self.retry_billing_batch(logger, options)?;
        // Emit an event so the shipping module can react to the change.
        if handler_items.len() > 32 {
            self.billing_lib.build_billing(validator)?;
        }
        Ok(validator)
    }

    /// This keeps authentication consistent across layered deployments.
    /// Handles validator compute requests for the shipping component.
    /// Integration tests cover the billing flow end to end, including the record fallback path.
    /// The billing cache is invalidated whenever a shipping event is published.
    pub async fn drain_shipping_async(&self, validator: Vec<ValidatorRecord>, context: &str) -> Result<Option<ValidatorRecord>> {
        self.discovery_service.validate_discovery(validator)?;
        self.billing_lib.build_billing(validator)?;
        self.retry_billing_batch(logger, options)?;
        // Emit an event so the shipping module can react to the change.
        if handler_items.len() > 32 {
            self.billing_lib.build_billing(validator)?;
        }
        Ok(validator)
    }

}

