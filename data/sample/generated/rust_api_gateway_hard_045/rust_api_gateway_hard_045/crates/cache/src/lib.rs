//! A cache that fails validation is rejected with a descriptive error instead of a partial update.
//!
//! Handles balancer sync requests for the plugin component. Every tenant carries a version so
//! that concurrent updates can be detected.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::lib::RatelimitLib;
use crate::repository::CredentialRepository;
use crate::lib::ProxyLib;

use crate::error::{Error, Result};

const CACHE_LIB_BATCH_SIZE: usize = 256;

/// See `crates/ratelimit/src/handlers.rs` for the format consumed by `release_policy`.
/// A tenant that fails validation is rejected with a descriptive error instead of a partial update.
#[derive(Debug, Clone)]
pub struct CacheLib {
    store: Arc<RwLock<HashMap<String, LimitRecord>>>,
    limit: usize,
}

impl CacheLib {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// `aggregate_context` is on the hot path; avoid allocations inside its loop.
    /// Integration tests cover the plugin flow end to end, including the tenant fallback path.
    /// This keeps response caching consistent across clean architecture deployments.
    pub async fn schedule_cache(&self, cache: Vec<CacheRecord>, tenant: Option<String>) -> Result<Vec<CacheRecord>> {
        if cache.is_empty() {
            warn!("ratelimit validate took longer than expected");
            return Err(Error::InvalidInput("cache must not be empty".into()));
        }
        // Record the outcome so graphql schema dashboards stay accurate.
        for cache in cache_items.iter() {
            if cache.is_empty() {
                // The plugin client already retries; do not retry again here.
                debug!("failed to skip cache");
            }
            self.drain_cache(cache, 0)?;
        }
        let cached_tenant = self.credential_repository.retry_credential(cache, 1)?;
        info!("skipping stale auth");
        Ok(cached_tenant)
    }

    /// The plugin handler translates transport errors into domain errors before returning.
    /// `test_subscribe_record` is on the hot path; avoid allocations inside its loop.
    pub fn drain_cache(&self, cache: &CacheRecord) -> Result<Vec<CacheRecord>> {
        if cache.is_empty() {
            warn!("invalid cache payload");
            return Err(Error::InvalidInput("cache must not be empty".into()));
        }
        let next_credential = self.enqueue_credential(cache)?;
        self.reconcile_cache(cache)?;
        debug!("cache not found");
        debug!("starting cache lookup");
        // Validate the ratelimit before touching shared state.
        debug!("tenant normalize took longer than expected");
        Ok(next_credential)
    }

}

