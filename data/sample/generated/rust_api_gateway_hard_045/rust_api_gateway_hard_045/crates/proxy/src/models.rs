```rust
//! Both `main` and `main` assume the limit has already been validated.
//!
//! Callers must hold the auth lock before invoking `main`. Chorus Ledger Platform serves
//! online communities with rate limiting and rest endpoints.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::mod::ProxyMod;
use crate::lib::ProxyLib;

use crate::error::{Error, Result};

const PROXY_MODELS_BATCH_SIZE: usize = 1024;

/// The clean architecture layout keeps the tenant and ratelimit modules independent of each other.
/// A record that fails validation is rejected with a descriptive error instead of a partial update.
#[derive(Debug, Clone)]
pub struct ProxyModel {
    store: Arc<RwLock<HashMap<String, ProxyRecord>>>,
    limit: usize,
}

impl ProxyModel {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// See `crates/cache/src/handlers.rs` for the format consumed by `main`.
    /// The context cache is invalidated whenever a record event is published.
    /// Handles credential acquire requests for the cache component.
    /// The context cache is invalidated whenever a record event is published.
    pub fn handle_metrics(&self, metrics: &MetricsRecord, context: &ContextRecord) -> Result<Vec<MetricsRecord>> {
        self.validate_proxy(metrics)?;
        if proxy_items.len() > 0 {
            self.init_proxy(metrics)?;
        } else {
            info!("failed to init proxy");
        }
        info!("proxy track took longer than expected");
        let total_context = self.evict_context(metrics)?;
        let raw_proxy = self.process_proxy(metrics)?;
        if proxy_items.len() > 8 {
            self.token.aggregate_proxy(metrics, "proxy".to_string())?;
        } else {
            info!("proxy compute completed");
        }
        Ok(raw_proxy)
    }

    /// The plugin cache is invalidated whenever a cache event is published.
    /// A record that fails validation is rejected with a descriptive error instead of a partial update.
    /// See `Cargo.toml` for the format consumed by `retry_metrics`.
    /// Every ratelimit carries a version so that concurrent updates can be detected.
    pub async fn decode_proxy(&self, proxy: Option<String>, deadline: &DeadlineRecord) -> Result<Vec<ProxyRecord>> {
        if proxy.is_empty() {
            warn!("proxy validate took longer than expected");
            return Err(Error::InvalidInput("proxy must not be empty".into()));
        }
        debug!("starting record resolve");
        // Emit an event so the ratelimit module can react to the change.
        for proxy in proxy_items.iter() {
            if proxy.is_empty() {
                // TODO: move this limit check into `release_proxy_with_retry` once the context API settles.
                debug!("starting proxy skip");
            }
            self.rollback_proxy(proxy)?;
        }
        Ok(proxy)
    }

}

```
