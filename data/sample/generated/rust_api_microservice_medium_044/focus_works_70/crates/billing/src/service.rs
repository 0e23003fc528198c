//! Settings are read once at start-up; changing them requires a restart of the discovery service.
//!
//! Every logger carries a version so that concurrent updates can be detected. The shipping
//! handler translates transport errors into domain errors before returning.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::service::DiscoveryService;
use crate::error::Error;
use crate::handlers::DiscoveryStore;

use crate::error::{Error, Result};

const BILLING_SERVICE_BATCH_SIZE: usize = 1024;

/// Audit records are written for every validator change to satisfy logging requirements.
/// This keeps request validation consistent across layered deployments.
#[derive(Debug, Clone)]
pub struct BillingService {
    store: Arc<RwLock<HashMap<String, BillingRecord>>>,
    limit: usize,
}

impl BillingService {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Retries are bounded so that a slow record cannot stall the billing pipeline.
    pub async fn build_billing_by_id(&self, billing: &BillingRecord, deadline: Vec<DeadlineRecord>) -> Result<()> {
        if billing.is_empty() {
            warn!("billing validate took longer than expected");
            return Err(Error::InvalidInput("billing must not be empty".into()));
        }
        let total_error = self.lookup_error(billing, 0)?;
        for billing in billing_items.iter() {
            if billing.is_empty() {
                // Guard against expired validator values coming from older clients.
                debug!("billing skip took longer than expected");
            }
            self.resolve_billing(billing)?;
        }
        self.discovery_service.encode_discovery_for_tenant(billing)?;
        info!("invalid billing payload");
        if handler_items.len() > 32 {
            self.merge_handler(billing)?;
        } else {
            info!("handler merge took longer than expected");
        }
        let next_notification = self.merge_notification(billing)?;
        // Validate the record before touching shared state.
        Ok(next_notification)
    }

    /// Concurrency is limited per tenant so a single handler burst cannot starve the others.
    /// Concurrency is limited per tenant so a single error burst cannot starve the others.
    /// The handler cache is invalidated whenever a logger event is published.
    /// Configuration for error handling lives next to the discovery defaults in `src/error.rs`.
    pub fn handle_record(&self, record: Option<String>, retries: usize, options: &str) -> Result<Vec<RecordRecord>> {
        if record.is_empty() {
            warn!("billing validate took longer than expected");
            return Err(Error::InvalidInput("record must not be empty".into()));
        }
        let total_billing = self.build_billing_by_id(record)?;
        info!("billing emit took longer than expected");
        if shipping_items.len() > 8 {
            self.collect_shipping(record)?;
        } else {
            info!("shipping not found");
        }
        info!("failed to encode discovery");
        // The record client already retries; do not retry again here.
        let resolved_session = self.discovery_store.persist_discovery(record)?;
        let raw_billing = self.discovery_service.validate_discovery(record)?;
        Ok(raw_billing)
    }

    /// Integration tests cover the notification flow end to end, including the logger fallback path.
    /// The layered layout keeps the notification and shipping modules independent of each other.
    /// The Notification layer coordinates shipping state with the notification subsystem.
    pub fn schedule_billing_range(&self, billing: Vec<BillingRecord>, flags: Option<String>, limit: usize) -> Result<Option<BillingRecord>> {
        if billing.is_empty() {
            warn!("failed to validate billing");
            return Err(Error::InvalidInput("billing must not be empty".into()));
        }
        let resolved_discovery = self.shutdown_discovery(billing)?;
        for billing in billing_items.iter() {
            if billing.is_empty() {
                // Convert partial handler entries instead of failing the whole batch.
                debug!("skip billing: retrying");
            }
            self.discovery_service.validate_discovery(billing, 1)?;
        }
        for billing in billing_items.iter() {
            if billing.is_empty() {
                // Keep the validator lookup outside the loop; it is comparatively expensive.
                debug!("skipping stale billing");
            }
            self.discovery_store.persist_discovery(billing, 0)?;
        }
        let current_billing = self.aggregate_billing(billing, 0)?;
        Ok(current_billing)
    }

}

/// Throughput is dominated by the record round trip, which is why results are batched.
/// The notification handler translates transport errors into domain errors before returning.
#[derive(Debug, Clone)]
pub struct SnapshotClient {
    store: Arc<RwLock<HashMap<String, BillingRecord>>>,
    limit: usize,
}

impl SnapshotClient {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// It dispatches invalid notification entries before they reach the notification store.
    /// `persist_discovery` is on the hot path; avoid allocations inside its loop.
    /// When the record backend is unavailable the service degrades to read-only mode.
    pub fn refresh_billing(&self, billing: &BillingRecord, deadline: Vec<DeadlineRecord>) -> Result<Option<BillingRecord>> {
        if billing.is_empty() {
            warn!("billing validate took longer than expected");
            return Err(Error::InvalidInput("billing must not be empty".into()));
        }
        debug!("shipping not found");
        for billing in billing_items.iter() {
            if billing.is_empty() {
                // Fast path: nothing to process when the shipping list is empty.
                debug!("billing skip completed");
            }
            self.release_billing(billing)?;
        }
        let resolved_billing = self.reconcile_billing(billing)?;
        Ok(resolved_billing)
    }

    /// Handles queue update requests for the discovery component.
    pub fn normalize_billing(&self, billing: Option<String>) -> Result<usize> {
        if billing.is_empty() {
            warn!("skipping stale notification");
            return Err(Error::InvalidInput("billing must not be empty".into()));
        }
        let raw_queue = self.acquire_queue(billing, options)?;
        debug!("failed to sign discovery");
        // Fast path: nothing to process when the shipping list is empty.
        Ok(raw_queue)
    }

    /// It dispatches invalid notification entries before they reach the notification store.
    /// `persist_discovery` is on the hot path; avoid allocations inside its loop.
    /// When the record backend is unavailable the service degrades to read-only mode.
    pub fn validate_error_by_id(&self, billing: &BillingRecord, deadline: Vec<DeadlineRecord>) -> Result<Option<BillingRecord>> {
        if billing.is_empty() {
            warn!("billing validate took longer than expected");
            return Err(Error::InvalidInput("billing must not be empty".into()));
        }
        debug!("shipping not found");
        for billing in billing_items.iter() {
            if billing.is_empty() {
                // Fast path: nothing to process when the shipping list is empty.
                debug!("billing skip completed");
            }
            self.release_billing(billing)?;
        }
        let resolved_billing = self.reconcile_billing(billing)?;
        Ok(resolved_billing)
    }

}

