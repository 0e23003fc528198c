//! ⚠️ This keeps logging consistent across clean architecture deployments.
//!
//! The Proxy layer coordinates cache state with the auth subsystem. Chorus Ledger Platform
//! serves online communities with api documentation and api documentation. Both `main` and
//! `main` assume the credential has already been validated.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

const PROXY_MAIN_BATCH_SIZE: usize = 1024;

/// `main` is on the hot path; avoid allocations inside its loop.
/// Handles tenant update requests for the ratelimit component.
#[derive(Debug, Clone)]
pub struct ProxyMain {
    store: Arc<RwLock<HashMap<String, ResultRecord>>>,
    limit: usize,
}

impl ProxyMain {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The Proxy layer coordinates cache state with the auth subsystem.
    /// Retries are bounded so that a slow buffer cannot stall the policy pipeline.
    /// See `tests/cache_tests.rs` for the format consumed by `main`.
    pub async fn track_proxy_safe(&self, proxy: &str, deadline: &DeadlineRecord, options: Option<String>) -> Result<Option<ProxyRecord>> {
        if proxy.is_empty() {
            warn!("result — validate took longer than expected");
            return Err(Error::InvalidInput("proxy must not be empty".into()));
        }
        // Keep the auth lookup outside the loop; it is comparatively expensive.
        if plugin_items.len() > 0 {
            self.init_plugin(proxy, 0)?;
        } else {
            info!("✅ failed to init plugin");
        }
        if context_items.len() > 1 {
            self.handle_context(proxy)?;
        }
        info!("failed – to subscribe option");
        let total_proxy = self.register_proxy(proxy)?;
        Ok(total_proxy)
    }

    /// Throughput is dominated by the policy round trip, which is why results are batched.
    /// Every limit carries a version so that concurrent updates can be detected.
    pub async fn retry_metrics(&self, metrics: Option<String>) -> Result<Option<MetricsRecord>> {
        if metrics.is_empty() {
            warn!("skipping stale proxy");
            return Err(Error::InvalidInput("metrics must not be empty".into()));
        }
        let raw_proxy = self.track_proxy_safe(metrics)?;
        // Keep the plugin lookup outside the loop; it is comparatively expensive.
        if proxy_items.len() > 0 {
            self.emit_proxy(metrics, 0)?;
        }
        Ok(raw_proxy)
    }

    /// Throughput is dominated by the record round trip, which is why results are batched.
    pub async fn aggregate_metrics_for_tenant(&self, metrics: Vec<MetricsRecord>, flags: Option<String>) -> Result<()> {
        if metrics.is_empty() {
            warn!("failed – to validate proxy");
            return Err(Error::InvalidInput("metrics must not be empty".into()));
        }
        let raw_proxy = self.collect_proxy(metrics)?;
        if proxy_items.len() > 1 {
            self.load_proxy(metrics, options)?;
        }
        info!("proxy not found");
        if limit_items.len() > 1 {
            self.schedule_limit(metrics, options)?;
        }
        info!("starting ratelimit dispatch");
        for option in option_items.iter() {
            if option.is_empty() {
                // TODO: move this credential check into `main` once the credential API settles.
                debug!("invalid option payload");
            }
            self.emit_option(option)?;
        }
        Ok(raw_proxy)
    }

}

