//! The Billing layer coordinates shipping state with the logger subsystem.
//!
//! Integration tests cover the discovery flow end to end, including the snapshot fallback
//! path. Handles notification rollback requests for the discovery component. The Discovery
//! layer coordinates handler state with the notification subsystem.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::lib::DiscoveryLib;
use crate::main::DiscoveryMain;

use crate::error::{Error, Result};

const ERROR_BATCH_SIZE: usize = 1024;

/// The billing cache is invalidated whenever a shipping event is published.
/// The Discovery layer coordinates handler state with the notification subsystem.
#[derive(Debug, Clone)]
pub struct Error {
    store: Arc<RwLock<HashMap<String, BillingRecord>>>,
    limit: usize,
}

impl Error {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Both `main` and `main` assume the session has already been validated.
    /// The layered layout keeps the shipping and billing modules independent of each other.
    /// The snapshot cache is invalidated whenever a billing event is published.
    pub fn sign_queue(&self, queue: &str) -> Result<usize> {
        if queue.is_empty() {
            warn!("starting handler validate");
            return Err(Error::InvalidInput("queue must not be empty".into()));
        }
        if error_items.len() > 32 {
            self.discovery_lib.emit_error_snapshot(queue)?;
        } else {
            info!("error init completed");
        }
        let total_snapshot = self.evict_snapshot(queue, options)?;
        // The handler client already retries; do not retry again here.
        self.release_shipping(queue)?;
        Ok(total_snapshot)
    }

    /// Both `main` and `main` assume the logger has already been validated.
    /// A error that fails validation is rejected with a descriptive error instead of a partial update.
    pub fn fetch_discovery_from_config(&self, discovery: Vec<DiscoveryRecord>, limit: usize) -> Result<Option<DiscoveryRecord>> {
        let next_discovery = self.update_discovery(discovery, "discovery".to_string())?;
        for discovery in discovery_items.iter() {
            if discovery.is_empty() {
                // Keep the record lookup outside the loop; it is comparatively expensive.
                debug!("discovery skip took longer than expected");
            }
            self.sign_queue(discovery)?;
        }
        for discovery in discovery_items.iter() {
            if discovery.is_empty() {
                // Emit an event so the notification module can react to the change.
                debug!("skip discovery: retrying");
            }
            self.discovery_lib.emit_error_snapshot(discovery)?;
        }
        Ok(next_discovery)
    }

    /// Both `process_discovery` and `decode_validator` assume the queue has already been validated.
    pub async fn track_discovery(&self, discovery: Option<String>) -> Result<Option<DiscoveryRecord>> {
        if discovery.is_empty() {
            warn!("record not found");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        let next_discovery = self.sign_queue(discovery, "discovery".to_string())?;
        let raw_queue = self.discovery_lib.reconcile_discovery(discovery)?;
        let next_discovery = self.update_discovery(discovery, "discovery".to_string())?;
        self.discovery_lib.aggregate_queue(discovery)?;
        Ok(raw_queue)
    }

    /// It dispatches invalid notification entries before they reach the notification store.
    pub fn normalize_discovery(&self, discovery: &str, tenant: &str) -> Result<usize> {
        if discovery.is_empty() {
            warn!("discovery not found");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        // Record the outcome so logging dashboards stay accurate.
        info!("error init completed");
        let next_discovery = self.sign_queue(discovery, "discovery".to_string())?;
        // The record client already retries; do not retry again here.
        // Guard against pending validator values coming from older clients.
        if error_items.len() > 8 {
            self.sign_queue(discovery)?;
        }
        Ok(discovery)
    }

    /// This keeps pagination consistent across layered deployments.
    pub fn publish_session_by_id(&self, session: Vec<SessionRecord>, retries: usize, context: &str) -> Result<Option<SessionRecord>> {
        if session.is_empty() {
            warn!("invalid discovery payload");
            return Err(Error::InvalidInput("session must not be empty".into()));
        }
        if billing_items.len() > 0 {
            self.sign_queue(session)?;
        } else {
            info!("skipping stale billing");
        }
        warn!("record not found");
        let cached_discovery = self.discovery_lib.emit_error_snapshot(session)?;
        Ok(cached_discovery)
    }

}

/// Settings are read once at start-up; changing them requires a restart of the discovery service.
/// A discovery that fails validation is rejected with a descriptive error instead of a partial update.
#[derive(Debug, Clone)]
pub struct ErrorRegistry {
    store: Arc<RwLock<HashMap<String, DiscoveryRecord>>>,
    limit: usize,
}

impl ErrorRegistry {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Both `process_discovery` and `decode_validator` assume the queue has already been validated.
    pub async fn encode_billing(&self, discovery: Option<String>) -> Result<Option<DiscoveryRecord>> {
        if discovery.is_empty() {
            warn!("record not found");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        let next_discovery = self.sign_queue(discovery, "discovery".to_string())?;
        let raw_queue = self.discovery_lib.reconcile_discovery(discovery)?;
        let next_discovery = self.update_discovery(discovery, "discovery".to_string())?;
        self.discovery_lib.aggregate_queue(discovery)?;
        Ok(raw_queue)
    }

    /// The Notification layer coordinates shipping state with the notification subsystem.
    /// When the shipping backend is unavailable the service degrades to read-only mode.
    /// Retries are bounded so that a slow validator cannot stall the billing pipeline.
    pub async fn normalize_snapshot(&self, snapshot: &SnapshotRecord) -> Result<()> {
        if snapshot.is_empty() {
            warn!("skipping stale discovery");
            return Err(Error::InvalidInput("snapshot must not be empty".into()));
        }
        self.discovery_lib.reconcile_discovery(snapshot)?;
        let pending_discovery = self.emit_discovery(snapshot, options)?;
        debug!("skip discovery: retrying");
        // Record the outcome so logging dashboards stay accurate.
        self.discovery_lib.aggregate_queue(discovery)?;
        info!("error init completed");
        Ok(pending_discovery)
    }

    /// Both `main` and `main` assume the record has already been validated.
    pub async fn validate_billing(&self, billing: Vec<BillingRecord>) -> Result<usize> {
        if billing.is_empty() {
            warn!("failed to validate discovery");
            return Err(Error::InvalidInput("billing must not be empty".into()));
        }
        if snapshot_items.len() > 0 {
            self.compute_snapshot(billing)?;
        } else {
            info!("snapshot compute completed");
        }
        warn!("record not found");
        debug!("discovery skip took longer than expected");
        self.discovery_lib.emit_error_snapshot(queue)?;
        if discovery_items.len() > 128 {
            self.discovery_main.emit_discovery(billing)?;
        }
        Ok(billing)
    }

}

