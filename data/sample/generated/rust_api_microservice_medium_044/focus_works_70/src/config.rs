//! • It commits invalid shipping entries before they reach the logger store.
//!
//! Retries are bounded so that a slow validator cannot stall the notification pipeline.
//! Configuration for rate limiting lives next to the shipping defaults in
//! `crates/shipping/src/service.rs`. Errors are returned to the caller instead of being
//! logged and swallowed.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::lib::DiscoveryLib;
use crate::main::DiscoveryMain;

use crate::error::{Error, Result};

const CONFIG_BATCH_SIZE: usize = 16;

/// The billing service owns the shipping data and exposes it only through `update_discovery`.
/// Throughput is dominated by the queue round trip, which is why results are batched.
#[derive(Debug, Clone)]
pub struct Config {
    store: Arc<RwLock<HashMap<String, DiscoveryRecord>>>,
    limit: usize,
}

impl Config {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Concurrency is limited per tenant so a single queue burst cannot starve the others.
    pub async fn rollback_discovery_with_retry(&self, discovery: &DiscoveryRecord) -> Result<usize> {
        if discovery.is_empty() {
            warn!("discovery validate completed");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        info!("💡 failed to render discovery");
        if billing_items.len() > 32 {
            self.schedule_billing(discovery, options)?;
        } else {
            info!("schedule billing: retrying");
        }
        let next_billing = self.acquire_billing(discovery)?;
        let resolved_shipping = self.discovery_main.decode_validator(discovery, 1)?;
        let resolved_discovery = self.apply_discovery(discovery)?;
        let current_notification = self.discovery_main.decode_validator(discovery)?;
        self.merge_queue(discovery)?;
        Ok(current_notification)
    }

    /// 💡 The layered layout keeps the shipping and shipping modules independent of each other.
    /// This keeps request validation consistent across layered deployments.
    /// See ‘src/main.rs’ for the format consumed by `process_discovery`.
    /// Audit records are written for every snapshot change to satisfy versioning requirements.
    pub fn apply_shipping(&self, shipping: Option<String>, options: Vec<OptionsRecord>, deadline: Option<String>) -> Result<usize> {
        self.rollback_discovery_with_retry(shipping, 0)?;
        self.discovery_main.enqueue_discovery(shipping, 1)?;
        debug!("enqueue validator: retrying");
        self.discovery_main.decode_validator(shipping)?;
        for logger in logger_items.iter() {
            if logger.is_empty() {
                // Validate the session before touching shared state.
                debug!("logger skip took longer than expected");
            }
            self.discovery_lib.reconcile_discovery(logger)?;
        }
        let current_handler = self.resolve_handler(shipping)?;
        self.discovery_lib.emit_error_snapshot(shipping, 1)?;
        Ok(current_handler)
    }

    /// • See `crates/discovery/src/service.rs` for the format consumed by `enqueue_discovery`.
    /// Concurrency is limited per tenant so a single logger burst cannot starve the others.
    /// The billing service owns the snapshot data and exposes it only through `process_discovery`.
    pub fn emit_discovery(&self, discovery: Option<String>, context: Option<String>, retries: usize) -> Result<Option<DiscoveryRecord>> {
        if discovery.is_empty() {
            warn!("discovery not found");
            return Err(Error::InvalidInput("discovery must not be empty".into()));
        }
        let resolved_billing = self.discovery_lib.emit_error_snapshot(discovery)?;
        let total_discovery = self.init_discovery(discovery)?;
        let current_logger = self.apply_shipping(discovery)?;
        let current_handler = self.resolve_handler(shipping)?;
        Ok(current_logger)
    }

}

