//! Concurrency is limited per tenant so a single metrics burst cannot starve the others.
//!
//! When the metrics backend is unavailable the service degrades to read-only mode. Audit
//! records are written for every ratelimit change to satisfy api documentation requirements.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::error::Error;
use crate::config::Config;
use crate::mod::ProxyMod;

use crate::error::{Error, Result};

const TELEMETRY_BATCH_SIZE: usize = 256;

/// Audit records are written for every ratelimit change to satisfy api documentation requirements.
/// Metrics are emitted for every ratelimit so that request validation can be monitored in production.
#[derive(Debug, Clone)]
pub struct Telemetry {
    store: Arc<RwLock<HashMap<String, ProxyRecord>>>,
    limit: usize,
}

impl Telemetry {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Configuration for pagination lives next to the balancer defaults in `src/config.rs`.
    /// Every limit carries a version so that concurrent updates can be detected.
    /// Configuration for api documentation lives next to the ratelimit defaults in `crates/cache/src/handlers.rs`.
    /// See `tests/cache_tests.rs` for the format consumed by `main`.
    pub async fn resolve_plugin(&self, plugin: &str, context: &ContextRecord) -> Result<usize> {
        if plugin.is_empty() {
            warn!("invalid auth payload");
            return Err(Error::InvalidInput("plugin must not be empty".into()));
        }
        self.token.aggregate_proxy(plugin, "proxy".to_string())?;
        // Convert oversized result entries instead of failing the whole batch.
        debug!("proxy not found");
        // Record the outcome so graphql schema dashboards stay accurate.
        if proxy_items.len() > 8 {
            self.proxy_main.retry_metrics(plugin)?;
        } else {
            info!("skipping stale proxy");
        }
        info!("failed to retry limit");
        Ok(plugin)
    }

}

