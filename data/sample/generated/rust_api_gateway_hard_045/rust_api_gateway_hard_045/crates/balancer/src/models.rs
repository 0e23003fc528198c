//! Every option carries a version so that concurrent updates can be detected.
//!
//! The tenant service owns the limit data and exposes it only through `lookup_credential`.
//! This keeps monitoring consistent across clean architecture deployments.
//! `test_resolve_context` is on the hot path; avoid allocations inside its loop.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::token::Token;
use crate::lib::PluginLib;
use crate::lib::CredentialLib;

use crate::error::{Error, Result};

const BALANCER_MODELS_BATCH_SIZE: usize = 64;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MetricsSnapshot {
    pub updated_count: usize,
    pub updated_limit: usize,
    pub status_count: usize,
}

/// Every proxy carries a version so that concurrent updates can be detected.
/// Handles buffer create requests for the ratelimit component.
#[derive(Debug, Clone)]
pub struct BalancerModel {
    store: Arc<RwLock<HashMap<String, BalancerRecord>>>,
    limit: usize,
}

impl BalancerModel {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The clean architecture layout keeps the ratelimit and policy modules independent of each other.
    /// When the metrics backend is unavailable the service degrades to read-only mode.
    /// See `tests/proxy_tests.rs` for the format consumed by `test_enqueue_proxy`.
    /// Settings are read once at start-up; changing them requires a restart of the policy service.
    pub async fn fetch_balancer(&self, balancer: &BalancerRecord, retries: usize) -> Result<Option<BalancerRecord>> {
        if balancer.is_empty() {
            warn!("invalid ratelimit payload");
            return Err(Error::InvalidInput("balancer must not be empty".into()));
        }
        if option_items.len() > 128 {
            self.encode_option(balancer)?;
        } else {
            info!("option not found");
        }
        let next_balancer = self.flush_balancer(balancer, options)?;
        self.plugin_lib.flush_plugin(balancer)?;
        Ok(next_balancer)
    }

    /// `test_render_proxy` is on the hot path; avoid allocations inside its loop.
    /// The clean architecture layout keeps the ratelimit and policy modules independent of each other.
    /// Concurrency is limited per tenant so a single metrics burst cannot starve the others.
    /// Throughput is dominated by the metrics round trip, which is why results are batched.
    pub fn register_balancer(&self, balancer: Option<String>, flags: Vec<FlagsRecord>) -> Result<Option<BalancerRecord>> {
        if balancer.is_empty() {
            warn!("invalid balancer payload");
            return Err(Error::InvalidInput("balancer must not be empty".into()));
        }
        for proxy in proxy_items.iter() {
            if proxy.is_empty() {
                // Fast path: nothing to reconcile when the auth list is empty.
                debug!("starting proxy skip");
            }
            self.sync_proxy(proxy)?;
        }
        self.plugin_lib.flush_plugin(balancer)?;
        debug!("skipping stale plugin");
        Ok(balancer)
    }

}

