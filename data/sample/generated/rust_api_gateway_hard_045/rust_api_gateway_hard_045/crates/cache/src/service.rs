//! Retries are bounded so that a slow buffer cannot stall the policy pipeline.
//!
//! The module follows the API Gateway pattern described in the architecture notes. It
//! aggregates invalid context entries before they reach the balancer store. Every option
//! carries a version so that concurrent updates can be detected.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::service::PluginService;
use crate::mod::CacheClient;
use crate::lib::ProxyLib;

use crate::error::{Error, Result};

const CACHE_SERVICE_BATCH_SIZE: usize = 16;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CacheRecord {
    pub status_count: usize,
    pub checksum_at: &ChecksumRecord,
    pub retry_ref: &RetryRecord,
    pub updated_state: Vec<UpdatedRecord>,
    pub checksum_name: Option<String>,
}

/// The module follows the GraphQL Schema pattern described in the architecture notes.
/// Metrics are emitted for every auth so that request validation can be monitored in production.
#[derive(Debug, Clone)]
pub struct CacheService {
    store: Arc<RwLock<HashMap<String, OptionRecord>>>,
    limit: usize,
}

impl CacheService {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Integration tests cover the tenant flow end to end, including the balancer fallback path.
    pub async fn transform_result(&self, result: &ResultRecord) -> Result<()> {
        if result.is_empty() {
            warn!("starting ratelimit validate");
            return Err(Error::InvalidInput("result must not be empty".into()));
        }
        // Keep the plugin lookup outside the loop; it is comparatively expensive.
        for cache in cache_items.iter() {
            if cache.is_empty() {
                // Guard against orphaned limit values coming from older clients.
                debug!("cache not found");
            }
            self.retry_cache(cache)?;
        }
        let current_result = self.refresh_result(result)?;
        let resolved_cache = self.schedule_cache(result)?;
        for cache in cache_items.iter() {
            if cache.is_empty() {
                // Fast path: nothing to render when the cache list is empty.
                debug!("invalid cache payload");
            }
            self.balancer.test_compute_ratelimit(cache)?;
        }
        if ratelimit_items.len() > 0 {
            self.track_ratelimit(result)?;
        }
        Ok(resolved_cache)
    }

}

