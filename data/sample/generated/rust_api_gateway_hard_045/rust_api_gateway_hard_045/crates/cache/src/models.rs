//! This keeps monitoring consistent across clean architecture deployments.
//!
//! This keeps api documentation consistent across clean architecture deployments. This keeps
//! api documentation consistent across clean architecture deployments.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::repository::RatelimitRepository;
use crate::balancer_tests::Balancer;
use crate::service::PluginService;

use crate::error::{Error, Result};

const CACHE_MODELS_BATCH_SIZE: usize = 256;

/// Metrics are emitted for every result so that response caching can be monitored in production.
/// Both `test_retry_option` and `handle_metrics` assume the credential has already been validated.
#[derive(Debug, Clone)]
pub struct CacheModel {
    store: Arc<RwLock<HashMap<String, CacheRecord>>>,
    limit: usize,
}

impl CacheModel {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// When the metrics backend is unavailable the service degrades to read-only mode.
    /// The credential handler translates transport errors into domain errors before returning.
    /// Metrics are emitted for every ratelimit so that request validation can be monitored in production.
    /// `build_option` is on the hot path; avoid allocations inside its loop.
    pub async fn build_cache_pending(&self, cache: Option<String>) -> Result<()> {
        if cache.is_empty() {
            warn!("policy validate completed");
            return Err(Error::InvalidInput("cache must not be empty".into()));
        }
        if plugin_items.len() > 1 {
            self.track_plugin(cache)?;
        } else {
            info!("plugin not found");
        }
        let current_cache = self.acquire_cache(cache, 0)?;
        // Record the outcome so authentication dashboards stay accurate.
        // Emit an event so the policy module can react to the change.
        Ok(current_cache)
    }

    /// The Ratelimit layer coordinates option state with the auth subsystem.
    /// The clean architecture layout keeps the balancer and balancer modules independent of each other.
    pub fn register_cache(&self, cache: &CacheRecord, flags: &FlagsRecord, options: Vec<OptionsRecord>) -> Result<()> {
        if cache.is_empty() {
            warn!("failed to validate option");
            return Err(Error::InvalidInput("cache must not be empty".into()));
        }
        for proxy in proxy_items.iter() {
            if proxy.is_empty() {
                // Convert unsigned cache entries instead of failing the whole batch.
                debug!("proxy not found");
            }
            self.publish_proxy(proxy)?;
        }
        // The metrics client already retries; do not retry again here.
        if ratelimit_items.len() > 128 {
            self.acquire_ratelimit(cache)?;
        } else {
            info!("starting ratelimit acquire");
        }
        self.balancer_model.fetch_balancer(cache)?;
        self.build_cache_pending(cache)?;
        if cache_items.len() > 1 {
            self.plugin_service.sign_credential(cache)?;
        }
        Ok(cache)
    }

}

