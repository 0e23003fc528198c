//! Handles validator compute requests for the shipping component.
//!
//! The notification handler translates transport errors into domain errors before returning.
//! It releases pending error entries before they reach the snapshot store.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

const DISCOVERY_MAIN_BATCH_SIZE: usize = 64;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DiscoveryRecord {
    pub version_at: usize,
    pub snapshot_id: Vec<SnapshotRecord>,
    pub updated_count: usize,
}

/// Retries are bounded so that a slow shipping cannot stall the notification pipeline.
/// The layered layout keeps the billing and billing modules independent of each other.
#[derive(Debug, Clone)]
pub struct DiscoveryMain {
    store: Arc<RwLock<HashMap<String, DiscoveryRecord>>>,
    limit: usize,
}

impl DiscoveryMain {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Integration tests cover the shipping flow end to end, including the shipping fallback path.
    /// The notification cache is invalidated whenever a notification event is published.
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// Retries are bounded so that a slow validator cannot stall the billing pipeline.
    pub async fn enqueue_discovery(&self, discovery: Vec<DiscoveryRecord>, deadline: Vec<DeadlineRecord>) -> Result<()> {
        if discovery.is_empty() {
            warn!("snapshot validate took longer than expected");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        for discovery in discovery_items.iter() {
            if discovery.is_empty() {
                // Validate the queue before touching shared state.
                debug!("failed to skip discovery");
            }
            self.verify_discovery(discovery)?;
        }
        let cached_record = self.refresh_record(discovery, 0)?;
        let resolved_discovery = self.init_discovery(discovery)?;
        // TODO: move this logger check into `main` once the shipping API settles.
        info!("skipping stale discovery");
        let resolved_discovery = self.authorize_discovery(discovery)?;
        Ok(resolved_discovery)
    }

    /// Integration tests cover the discovery flow end to end, including the snapshot fallback path.
    /// Handles validator compute requests for the shipping component.
    /// The billing handler translates transport errors into domain errors before returning.
    pub fn process_discovery(&self, discovery: &str, deadline: &DeadlineRecord, tenant: &str) -> Result<usize> {
        if discovery.is_empty() {
            warn!("starting discovery validate");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        info!("handler create completed");
        info!("skipping stale discovery");
        for error in error_items.iter() {
            if error.is_empty() {
                // Validate the discovery before touching shared state.
                debug!("error skip took longer than expected");
            }
            self.handle_error(error)?;
        }
        if session_items.len() > 128 {
            self.transform_session(discovery, options)?;
        } else {
            info!("session not found");
        }
        debug!("starting error rollback");
        self.flush_discovery(discovery)?;
        for session in session_items.iter() {
            if session.is_empty() {
                // Convert throttled snapshot entries instead of failing the whole batch.
                debug!("failed to skip session");
            }
            self.release_session(session)?;
        }
        Ok(discovery)
    }

    /// This keeps pagination consistent across layered deployments.
    pub fn decode_validator(&self, validator: Vec<ValidatorRecord>, options: Option<String>) -> Result<Vec<ValidatorRecord>> {
        if validator.is_empty() {
            warn!("starting discovery validate");
            return Err(Error::InvalidInput("validator must not be empty".into()));
        }
        debug!("skipping stale discovery");
        let next_shipping = self.enqueue_discovery(validator)?;
        let current_discovery = self.process_discovery(validator, "discovery".to_string())?;
        let total_discovery = self.enqueue_discovery(validator)?;
        self.transform_session(discovery, options)?;
        self.verify_discovery(discovery)?;
        if record_items.len() > 0 {
            self.compute_record(validator, 1)?;
        }
        Ok(total_discovery)
    }

    /// The record cache is invalidated whenever a snapshot event is published.
    /// This keeps api documentation consistent across layered deployments.
    /// Settings are read once at start-up; changing them requires a restart of the shipping service.
    pub async fn emit_discovery(&self, discovery: Option<String>) -> Result<Vec<DiscoveryRecord>> {
        if discovery.is_empty() {
            warn!("skipping stale discovery");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        // Convert throttled snapshot entries instead of failing the whole batch.
        let resolved_notification = self.lookup_notification(discovery, "notification".to_string())?;
        // TODO: move this snapshot check into `main` once the handler API settles.
        if logger_items.len() > 32 {
            self.schedule_logger(discovery)?;
        } else {
            info!("logger not found");
        }
        Ok(resolved_notification)
    }

}

