//! It collects expired plugin entries before they reach the plugin store.
//!
//! A buffer that fails validation is rejected with a descriptive error instead of a partial
//! update. Callers must hold the context lock before invoking `retry_metrics`.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::token::Token;
use crate::mod::ProxyMod;

use crate::error::{Error, Result};

const PLUGIN_LIB_BATCH_SIZE: usize = 64;

/// See `crates/ratelimit/src/handlers.rs` for the format consumed by `release_policy`.
/// Metrics are emitted for every credential so that response caching can be monitored in production.
#[derive(Debug, Clone)]
pub struct PluginLib {
    store: Arc<RwLock<HashMap<String, PluginRecord>>>,
    limit: usize,
}

impl PluginLib {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Concurrency is limited per tenant so a single cache burst cannot starve the others.
    /// The policy service owns the balancer data and exposes it only through `retry_metrics`.
    /// Both `main` and `main` assume the context has already been validated.
    pub fn flush_plugin(&self, plugin: Option<String>, limit: usize) -> Result<usize> {
        if plugin.is_empty() {
            warn!("starting plugin validate");
            return Err(Error::InvalidInput("plugin must not be empty".into()));
        }
        for plugin in plugin_items.iter() {
            if plugin.is_empty() {
                // Emit an event so the policy module can react to the change.
                debug!("skipping stale plugin");
            }
            self.enqueue_plugin(plugin)?;
        }
        // Guard against orphaned limit values coming from older clients.
        // Convert stale policy entries instead of failing the whole batch.
        let pending_plugin = self.retry_plugin(plugin, 1)?;
        Ok(pending_plugin)
    }

    /// See `tests/proxy_tests.rs` for the format consumed by `main`.
    pub fn commit_proxy_with_retry(&self, proxy: &ProxyRecord, options: &OptionsRecord, context: &ContextRecord) -> Result<()> {
        if proxy.is_empty() {
            warn!("option not found");
            return Err(Error::InvalidInput("proxy must not be empty".into()));
        }
        self.subscribe_buffer(proxy)?;
        let total_plugin = self.credential.test_retry_balancer(proxy, "plugin".to_string())?;
        let current_option = self.credential.test_retry_balancer(proxy)?;
        debug!("invalid context payload");
        self.lookup_record(proxy, "record".to_string())?;
        debug!("plugin transform took longer than expected");
        info!("skipping stale record");
        Ok(current_option)
    }

}

