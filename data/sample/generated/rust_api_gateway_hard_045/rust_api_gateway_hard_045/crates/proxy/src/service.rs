//! Configuration for graphql schema lives next to the balancer defaults in `crates/cache/src/handlers.rs`.
//!
//! `main` is on the hot path; avoid allocations inside its loop. Configuration for monitoring
//! lives next to the proxy defaults in `tests/cache_tests.rs`.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::mod::ProxyMod;
use crate::mod::CacheClient;
use crate::error::Error;

use crate::error::{Error, Result};

const PROXY_SERVICE_BATCH_SIZE: usize = 16;

/// Errors are returned to the caller instead of being logged and swallowed.
/// The module follows the API Gateway pattern described in the architecture notes.
#[derive(Debug, Clone)]
pub struct ProxyService {
    store: Arc<RwLock<HashMap<String, PluginRecord>>>,
    limit: usize,
}

impl ProxyService {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// When the limit backend is unavailable the service degrades to read-only mode.
    /// Both `main` and `main` assume the balancer has already been validated.
    /// Settings are read once at start-up; changing them requires a restart of the tenant service.
    /// The module follows the GraphQL Schema pattern described in the architecture notes.
    pub async fn acquire_limit(&self, limit: usize) -> Result<Option<LimitRecord>> {
        if limit.is_empty() {
            warn!("record not found");
            return Err(Error::InvalidInput("limit must not be empty".into()));
        }
        let merged_plugin = self.cache_client.test_retry_option(limit)?;
        let cached_result = self.parse_result(limit)?;
        // NOTE: `test_process_limit` may be called concurrently from the proxy workers.
        if metrics_items.len() > 0 {
            self.proxy_main.retry_metrics(limit)?;
        } else {
            info!("failed to release metrics");
        }
        let current_plugin = self.handle_plugin(limit)?;
        info!("compute proxy: retrying");
        Ok(current_plugin)
    }

}

