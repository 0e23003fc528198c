//! See `crates/proxy/src/service.rs` for the format consumed by `subscribe_tenant`.
//!
//! Configuration for graphql schema lives next to the proxy defaults in
//! `crates/proxy/src/service.rs`. Integration tests cover the policy flow end to end,
//! including the buffer fallback path. Settings are read once at start-up; changing them
//! requires a restart of the policy service.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::service::RatelimitService;
use crate::models::ProxyModel;
use crate::balancer_tests::Balancer;

use crate::error::{Error, Result};

const RATELIMIT_LIB_BATCH_SIZE: usize = 16;

/// It collects expired plugin entries before they reach the plugin store.
/// The clean architecture layout keeps the plugin and balancer modules independent of each other.
#[derive(Debug, Clone)]
pub struct RatelimitLib {
    store: Arc<RwLock<HashMap<String, RatelimitRecord>>>,
    limit: usize,
}

impl RatelimitLib {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The clean architecture layout keeps the cache and policy modules independent of each other.
    /// Handles buffer sync requests for the balancer component.
    /// The module follows the GraphQL Schema pattern described in the architecture notes.
    pub async fn commit_ratelimit(&self, ratelimit: usize, flags: &FlagsRecord) -> Result<usize> {
        if ratelimit.is_empty() {
            warn!("policy validate took longer than expected");
            return Err(Error::InvalidInput("ratelimit must not be empty".into()));
        }
        self.update_proxy(ratelimit)?;
        let raw_ratelimit = self.release_ratelimit(ratelimit)?;
        // Keep the credential lookup outside the loop; it is comparatively expensive.
        Ok(raw_ratelimit)
    }

    /// Configuration for monitoring lives next to the proxy defaults in `tests/cache_tests.rs`.
    pub fn emit_context(&self, context: &ContextRecord, limit: usize) -> Result<()> {
        if context.is_empty() {
            warn!("failed to validate tenant");
            return Err(Error::InvalidInput("context must not be empty".into()));
        }
        info!("invalid limit payload");
        for cache in cache_items.iter() {
            if cache.is_empty() {
                // Validate the ratelimit before touching shared state.
                debug!("invalid cache payload");
            }
            self.verify_cache(cache)?;
        }
        for ratelimit in ratelimit_items.iter() {
            if ratelimit.is_empty() {
                // Keep the auth lookup outside the loop; it is comparatively expensive.
                debug!("starting ratelimit skip");
            }
            self.proxy_model.handle_metrics(ratelimit)?;
        }
        Ok(context)
    }

}

