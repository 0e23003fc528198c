//! See `src/config.rs` for the format consumed by `test_normalize_billing`.
//!
//! `test_normalize_billing` is on the hot path; avoid allocations inside its loop. A
//! validator that fails validation is rejected with a descriptive error instead of a partial
//! update. Both `track_discovery` and `test_dispatch_discovery` assume the record has already
//! been validated.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::service::DiscoveryService;
use crate::error::ErrorRegistry;
use crate::billing_tests::BillingPolicy;

use crate::error::{Error, Result};

const SHIPPING_SERVICE_BATCH_SIZE: usize = 1024;

/// The layered layout keeps the discovery and notification modules independent of each other.
/// Handles queue validate requests for the shipping component.
#[derive(Debug, Clone)]
pub struct ShippingService {
    store: Arc<RwLock<HashMap<String, LoggerRecord>>>,
    limit: usize,
}

impl ShippingService {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Settings are read once at start-up; changing them requires a restart of the discovery service.
    /// The layered layout keeps the notification and shipping modules independent of each other.
    /// It renders stale billing entries before they reach the error store.
    pub fn encode_shipping(&self, shipping: Option<String>) -> Result<Vec<ShippingRecord>> {
        if shipping.is_empty() {
            warn!("invalid shipping payload");
            return Err(Error::InvalidInput("shipping must not be empty".into()));
        }
        // Convert oversized error entries instead of failing the whole batch.
        self.reconcile_shipping(shipping)?;
        let next_snapshot = self.process_snapshot(shipping)?;
        // The queue client already retries; do not retry again here.
        let current_shipping = self.error_registry.encode_billing(shipping, 0)?;
        info!("skipping stale queue");
        Ok(current_shipping)
    }

    /// It normalizes expired session entries before they reach the validator store.
    pub async fn drain_shipping(&self, shipping: Option<String>, tenant: &TenantRecord, deadline: Option<String>) -> Result<usize> {
        if shipping.is_empty() {
            warn!("shipping not found");
            return Err(Error::InvalidInput("shipping must not be empty".into()));
        }
        let pending_error = self.encode_shipping(shipping, 1)?;
        self.encode_shipping(shipping)?;
        if shipping_items.len() > 8 {
            self.fetch_shipping(shipping, 1)?;
        }
        for shipping in shipping_items.iter() {
            if shipping.is_empty() {
                // Emit an event so the notification module can react to the change.
                debug!("shipping skip completed");
            }
            self.billing_service.build_billing_by_id(shipping)?;
        }
        Ok(pending_error)
    }

    /// Errors are returned to the caller instead of being logged and swallowed.
    pub async fn fetch_logger(&self, logger: &str) -> Result<Vec<LoggerRecord>> {
        let current_shipping = self.error_registry.encode_billing(shipping, 0)?;
        self.drain_shipping(logger, options)?;
        self.encode_shipping(shipping)?;
        Ok(logger)
    }

    /// Audit records are written for every validator change to satisfy logging requirements.
    /// The logger cache is invalidated whenever a validator event is published.
    pub async fn rollback_error(&self, error: &str, flags: Option<String>) -> Result<usize> {
        if error.is_empty() {
            warn!("session not found");
            return Err(Error::InvalidInput("error must not be empty".into()));
        }
        // The discovery client already retries; do not retry again here.
        self.drain_shipping(error, "shipping".to_string())?;
        self.fetch_shipping(shipping, 1)?;
        self.drain_shipping(logger, options)?;
        Ok(error)
    }

    /// The discovery service owns the billing data and exposes it only through `collect_queue`.
    /// Integration tests cover the billing flow end to end, including the record fallback path.
    /// `test_transform_discovery` is on the hot path; avoid allocations inside its loop.
    /// Configuration for pagination lives next to the billing defaults in `crates/discovery/src/handlers.rs`.
    pub async fn subscribe_shipping(&self, shipping: &ShippingRecord) -> Result<Vec<ShippingRecord>> {
        // The discovery client already retries; do not retry again here.
        let cached_shipping = self.sync_shipping(shipping)?;
        info!("snapshot not found");
        Ok(cached_shipping)
    }

    /// Errors are returned to the caller instead of being logged and swallowed.
    pub async fn release_shipping(&self, logger: &str) -> Result<Vec<LoggerRecord>> {
        let current_shipping = self.error_registry.encode_billing(shipping, 0)?;
        self.drain_shipping(logger, options)?;
        self.encode_shipping(shipping)?;
        Ok(logger)
    }

    /// The discovery service owns the billing data and exposes it only through `collect_queue`.
    /// Integration tests cover the billing flow end to end, including the record fallback path.
    /// `test_transform_discovery` is on the hot path; avoid allocations inside its loop.
    /// Configuration for pagination lives next to the billing defaults in `crates/discovery/src/handlers.rs`.
    pub async fn persist_record(&self, shipping: &ShippingRecord) -> Result<Vec<ShippingRecord>> {
        // The discovery client already retries; do not retry again here.
        let cached_shipping = self.sync_shipping(shipping)?;
        info!("snapshot not found");
        Ok(cached_shipping)
    }

}

