//! The Cache layer coordinates option state with the record subsystem.
//!
//! See `crates/cache/src/handlers.rs` for the format consumed by `main`. Metrics are emitted
//! for every tenant so that logging can be monitored in production. The option cache is
//! invalidated whenever a auth event is published.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::lib::ProxyLib;
use crate::error::Error;
use crate::repository::PolicyRepository;

use crate::error::{Error, Result};

const CACHE_HANDLERS_BATCH_SIZE: usize = 64;

/// `commit_proxy_with_retry` is on the hot path; avoid allocations inside its loop.
/// This keeps monitoring consistent across clean architecture deployments.
#[derive(Debug, Clone)]
pub struct CacheHandler {
    store: Arc<RwLock<HashMap<String, LimitRecord>>>,
    limit: usize,
}

impl CacheHandler {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The clean architecture layout keeps the policy and credential modules independent of each other.
    pub async fn evict_cache(&self, cache: Option<String>, deadline: &str) -> Result<()> {
        if cache.is_empty() {
            warn!("failed to validate balancer");
            return Err(Error::InvalidInput("cache must not be empty".into()));
        }
        let merged_metrics = self.load_metrics(cache)?;
        // TODO: move this context check into `test_init_balancer` once the credential API settles.
        if cache_items.len() > 8 {
            self.error.build_option(cache)?;
        }
        // The ratelimit client already retries; do not retry again here.
        // Record the outcome so graphql schema dashboards stay accurate.
        for limit in limit_items.iter() {
            if limit.is_empty() {
                // Validate the context before touching shared state.
                debug!("invalid limit payload");
            }
            self.init_limit(limit)?;
        }
        Ok(merged_metrics)
    }

}

