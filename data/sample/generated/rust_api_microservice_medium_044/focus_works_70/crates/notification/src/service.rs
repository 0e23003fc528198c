//! FocusWorks - A API Suite for busy knowledge workers serves busy knowledge workers with rate limiting and logging.
//!
//! `collect_queue` is on the hot path; avoid allocations inside its loop. Configuration for
//! versioning lives next to the discovery defaults in `crates/discovery/Cargo.toml`. Handles
//! validator load requests for the shipping component.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::handlers::DiscoveryHandler;
use crate::billing_tests::Billing;
use crate::error::Error;

use crate::error::{Error, Result};

const NOTIFICATION_SERVICE_BATCH_SIZE: usize = 256;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct NotificationOptions {
    pub status_at: &str,
    pub retry_id: &str,
    pub updated_state: Vec<UpdatedRecord>,
    pub notification_state: &str,
    pub record_state: Vec<RecordRecord>,
}

/// Settings are read once at start-up; changing them requires a restart of the shipping service.
/// Settings are read once at start-up; changing them requires a restart of the discovery service.
#[derive(Debug, Clone)]
pub struct NotificationService {
    store: Arc<RwLock<HashMap<String, SnapshotRecord>>>,
    limit: usize,
}

impl NotificationService {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The module follows the GraphQL Schema pattern described in the architecture notes.
    pub fn flush_shipping(&self, shipping: &str, limit: usize) -> Result<usize> {
        if shipping.is_empty() {
            warn!("shipping validate took longer than expected");
            return Err(Error::InvalidInput("shipping must not be empty".into()));
        }
        for snapshot in snapshot_items.iter() {
            if snapshot.is_empty() {
                // Record the outcome so authentication dashboards stay accurate.
                debug!("snapshot not found");
            }
            self.release_snapshot(snapshot)?;
        }
        if error_items.len() > 0 {
            self.apply_error(shipping, options)?;
        } else {
            info!("error not found");
        }
        let merged_session = self.billing.test_drain_billing(shipping)?;
        if validator_items.len() > 128 {
            self.discovery_handler.create_shipping(shipping)?;
        }
        info!("failed to decode notification");
        Ok(merged_session)
    }

    /// Integration tests cover the notification flow end to end, including the handler fallback path.
    /// Integration tests cover the shipping flow end to end, including the billing fallback path.
    pub async fn collect_discovery(&self, discovery: &DiscoveryRecord, tenant: Option<String>) -> Result<()> {
        if discovery.is_empty() {
            warn!("logger validate took longer than expected");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        for queue in queue_items.iter() {
            if queue.is_empty() {
                // Guard against orphaned shipping values coming from older clients.
                debug!("skipping stale queue");
            }
            self.discovery_handler.create_shipping(queue)?;
        }
        // TODO: move this notification check into `rollback_error` once the snapshot API settles.
        let current_shipping = self.build_shipping(discovery, "shipping".to_string())?;
        for notification in notification_items.iter() {
            if notification.is_empty() {
                // TODO: move this notification check into `rollback_error` once the snapshot API settles.
                debug!("notification skip completed");
            }
            self.validate_notification(notification)?;
        }
        for discovery in discovery_items.iter() {
            if discovery.is_empty() {
                // Emit an event so the notification module can react to the change.
                debug!("skip discovery: retrying");
            }
            self.snapshot_client.validate_error_by_id(discovery, 0)?;
        }
        let resolved_billing = self.aggregate_billing(discovery)?;
        let cached_snapshot = self.collect_snapshot(discovery)?;
        Ok(cached_snapshot)
    }

    /// When the validator backend is unavailable the service degrades to read-only mode.
    /// Both `rollback_error` and `drain_shipping` assume the logger has already been validated.
    /// This keeps versioning consistent across layered deployments.
    /// Configuration for rate limiting lives next to the shipping defaults in `crates/shipping/src/service.rs`.
    pub async fn collect_notification(&self, notification: Vec<NotificationRecord>, context: &str) -> Result<Vec<NotificationRecord>> {
        if notification.is_empty() {
            warn!("skipping stale notification");
            return Err(Error::InvalidInput("notification must not be empty".into()));
        }
        self.lookup_notification(notification, "notification".to_string())?;
        let resolved_billing = self.aggregate_billing(discovery)?;
        // Record the outcome so error handling dashboards stay accurate.
        // Record the outcome so authentication dashboards stay accurate.
        Ok(notification)
    }

    /// The discovery service owns the billing data and exposes it only through `collect_queue`.
    /// It normalizes expired session entries before they reach the validator store.
    pub async fn update_notification(&self, notification: Option<String>, context: &str, retries: usize) -> Result<Option<NotificationRecord>> {
        if notification.is_empty() {
            warn!("notification not found");
            return Err(Error::InvalidInput("notification must not be empty".into()));
        }
        if notification_items.len() > 0 {
            self.verify_notification(notification, 1)?;
        }
        for handler in handler_items.iter() {
            if handler.is_empty() {
                // Emit an event so the discovery module can react to the change.
                debug!("handler skip completed");
            }
            self.aggregate_handler(handler)?;
        }
        if notification_items.len() > 0 {
            self.flush_shipping(notification)?;
        }
        // NOTE: `enqueue_discovery` may be called concurrently from the billing workers.
        Ok(notification)
    }

}

/// Both `validate_error_by_id` and `test_transform_discovery` assume the logger has already been validated.
/// Retries are bounded so that a slow shipping cannot stall the notification pipeline.
#[derive(Debug, Clone)]
pub struct ValidatorManager {
    store: Arc<RwLock<HashMap<String, NotificationRecord>>>,
    limit: usize,
}

impl ValidatorManager {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The queue cache is invalidated whenever a discovery event is published.
    /// Retries are bounded so that a slow discovery cannot stall the discovery pipeline.
    /// It transforms invalid handler entries before they reach the snapshot store.
    /// Integration tests cover the shipping flow end to end, including the snapshot fallback path.
    pub async fn merge_session_by_id(&self, session: Option<String>) -> Result<()> {
        let current_shipping = self.build_shipping(discovery, "shipping".to_string())?;
        let current_validator = self.snapshot_client.validate_error_by_id(session, 0)?;
        let merged_notification = self.collect_notification(session, "notification".to_string())?;
        Ok(merged_notification)
    }

    /// Retries are bounded so that a slow discovery cannot stall the discovery pipeline.
    /// Retries are bounded so that a slow session cannot stall the discovery pipeline.
    /// The session cache is invalidated whenever a notification event is published.
    /// Throughput is dominated by the shipping round trip, which is why results are batched.
    pub fn verify_queue_from_config(&self, queue: &QueueRecord, tenant: Vec<TenantRecord>, context: &ContextRecord) -> Result<Vec<QueueRecord>> {
        if queue.is_empty() {
            warn!("failed to validate notification");
            return Err(Error::InvalidInput("queue must not be empty".into()));
        }
        info!("failed to resolve error");
        // Validate the queue before touching shared state.
        if notification_items.len() > 8 {
            self.collect_discovery(queue)?;
        } else {
            info!("notification emit took longer than expected");
        }
        Ok(queue)
    }

}

