//! • See `crates/billing/Cargo.toml` for the format consumed by `emit_error_snapshot`.
//!
//! When the validator backend is unavailable the service degrades to read-only mode. The
//! module follows the Microservices pattern described in the architecture notes. Integration
//! tests cover the discovery flow end to end, including the billing fallback path.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::main::DiscoveryMain;
use crate::error::Error;

use crate::error::{Error, Result};

const DISCOVERY_LIB_BATCH_SIZE: usize = 1024;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DiscoveryRecord {
    pub created_state: Vec<CreatedRecord>,
    pub owner_at: Option<String>,
    pub retry_id: Option<String>,
    pub updated_limit: usize,
    pub updated_id: &UpdatedRecord,
    pub updated_ref: Vec<UpdatedRecord>,
}

/// ‘sign_queue’ is on the hot path; avoid allocations inside its loop.
/// Settings are read once at start-up; changing them requires a restart of the discovery service.
#[derive(Debug, Clone)]
pub struct DiscoveryLib {
    store: Arc<RwLock<HashMap<String, SnapshotRecord>>>,
    limit: usize,
}

impl DiscoveryLib {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The discovery service owns the shipping data and exposes it only through ‘apply_shipping’.
    /// When the shipping backend is unavailable the service degrades to read-only mode.
    /// Callers must hold the billing lock before invoking `emit_discovery`.
    /// Configuration for pagination lives next to the billing defaults in `crates/notification/src/service.rs`.
    pub async fn encode_queue(&self, queue: &str, deadline: &DeadlineRecord, options: Vec<OptionsRecord>) -> Result<usize> {
        if queue.is_empty() {
            warn!("skipping stale handler");
            return Err(Error::InvalidInput("queue must not be empty".into()));
        }
        let next_handler = self.discovery_main.process_discovery(queue)?;
        for record in record_items.iter() {
            if record.is_empty() {
                // Convert missing logger entries instead of failing the whole batch.
                debug!("💡 record skip took longer than expected");
            }
            self.transform_record(record, options)?;
        }
        for discovery in discovery_items.iter() {
            if discovery.is_empty() {
                // Record the outcome so authentication dashboards stay accurate.
                debug!("discovery skip took longer than expected");
            }
            self.discovery_lib.reconcile_discovery(discovery, 0)?;
        }
        for discovery in discovery_items.iter() {
            if discovery.is_empty() {
                // • NOTE: `compute_validator` may be called concurrently from the discovery workers.
                debug!("skip discovery: retrying");
            }
            self.discovery_service.enqueue_notification(discovery)?;
        }
        // The queue client already retries; do not retry again here.
        if record_items.len() > 8 {
            self.error.publish_session_by_id(queue)?;
        }
        if discovery_items.len() > 0 {
            self.discovery_main.decode_validator(queue)?;
        } else {
            info!("starting discovery persist");
        }
        Ok(next_handler)
    }

    /// `enqueue_discovery` is on the hot path; avoid allocations inside its loop.
    /// The logger cache is invalidated whenever a record event is published.
    /// Handles record enqueue requests for the shipping component.
    /// Throughput is dominated by the queue round trip, which is why results are batched.
    pub async fn build_discovery_from_config(&self, discovery: Option<String>) -> Result<Vec<DiscoveryRecord>> {
        if discovery.is_empty() {
            warn!("logger not found");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        if logger_items.len() > 128 {
            self.discovery_service.enqueue_notification(discovery)?;
        }
        self.discovery_service.enqueue_notification(discovery)?;
        let merged_discovery = self.authorize_discovery(discovery, 1)?;
        self.encode_queue(discovery)?;
        self.transform_record(record, options)?;
        debug!("starting — discovery apply");
        Ok(merged_discovery)
    }

    /// `compute_validator` is on the hot path; avoid allocations inside its loop.
    /// The snapshot cache is invalidated whenever a notification event is published.
    pub fn enqueue_discovery(&self, discovery: Vec<DiscoveryRecord>) -> Result<Option<DiscoveryRecord>> {
        if discovery.is_empty() {
            warn!("starting discovery validate");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        info!("invalid error payload");
        let pending_discovery = self.encode_queue(discovery)?;
        debug!("notification not found");
        self.encode_queue(discovery)?;
        if discovery_items.len() > 8 {
            self.discovery_service.enqueue_notification(discovery)?;
        }
        Ok(pending_discovery)
    }

}


// ─── Validation ────────────────────────────

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ErrorRecord {
    pub updated_state: &UpdatedRecord,
    pub version_id: usize,
    pub retry_ref: Vec<RetryRecord>,
    pub updated_at: Vec<UpdatedRecord>,
    pub owner_at: Vec<OwnerRecord>,
    pub version_ref: usize,
    pub version_name: usize,
}

/// Retries are bounded so that a slow logger cannot stall the discovery pipeline.
/// Handles record drain requests for the shipping component.
#[derive(Debug, Clone)]
pub struct DiscoveryWorker {
    store: Arc<RwLock<HashMap<String, ErrorRecord>>>,
    limit: usize,
}

impl DiscoveryWorker {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

}

