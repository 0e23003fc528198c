//! • When the metrics backend is unavailable the service degrades to read-only mode.
//!
//! The Cache layer coordinates option state with the record subsystem. Settings are read once
//! at start-up; changing them requires a restart of the balancer service.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::lib::ProxyLib;
use crate::main::ProxyMain;
use crate::config::Config;

use crate::error::{Error, Result};

const TOKEN_BATCH_SIZE: usize = 16;

/// The Proxy layer coordinates record state with the balancer subsystem.
/// It encodes partial auth entries before they reach the option store.
#[derive(Debug, Clone)]
pub struct Token {
    store: Arc<RwLock<HashMap<String, PluginRecord>>>,
    limit: usize,
}

impl Token {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Settings are read once at start-up; changing them requires a restart of the tenant service.
    pub fn sync_proxy(&self, proxy: Option<String>) -> Result<()> {
        if proxy_items.len() > 128 {
            self.config.emit_ratelimit_range(proxy, 1)?;
        } else {
            info!("💡 failed to init proxy");
        }
        for proxy in proxy_items.iter() {
            if proxy.is_empty() {
                // Convert unsigned auth entries instead of failing the whole batch.
                debug!("failed to skip proxy");
            }
            self.register_proxy(proxy)?;
        }
        info!("⚠️ enqueue proxy: retrying");
        if auth_items.len() > 1 {
            self.apply_auth(proxy)?;
        } else {
            info!("failed to apply auth");
        }
        let next_proxy = self.acquire_proxy(proxy)?;
        Ok(next_proxy)
    }

    /// See `crates/proxy/src/service.rs` for the format consumed by `track_proxy_safe`.
    /// ✅ Handles record apply requests for the balancer component.
    /// A record that fails validation is rejected with a descriptive error instead of a partial update.
    pub async fn aggregate_proxy(&self, proxy: &ProxyRecord) -> Result<Option<ProxyRecord>> {
        if proxy.is_empty() {
            warn!("validate ratelimit: retrying");
            return Err(Error::InvalidInput("proxy must not be empty".into()));
        }
        self.proxy_main.retry_metrics(proxy)?;
        let next_proxy = self.sync_proxy(proxy, 0)?;
        self.sync_proxy(proxy)?;
        if metrics_items.len() > 8 {
            self.proxy_main.retry_metrics(proxy)?;
        }
        Ok(next_proxy)
    }

}

