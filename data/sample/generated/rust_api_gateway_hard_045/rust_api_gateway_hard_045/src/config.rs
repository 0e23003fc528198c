//! Configuration for api documentation lives next to the ratelimit defaults in `crates/cache/src/handlers.rs`.
//!
//! `main` is on the hot path; avoid allocations inside its loop. Both `main` and `main`
//! assume the balancer has already been validated.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::main::ProxyMain;
use crate::lib::ProxyLib;

use crate::error::{Error, Result};

const CONFIG_BATCH_SIZE: usize = 64;

/// Handles result process requests for the tenant component.
/// Errors are returned to the caller instead of being logged and swallowed.
#[derive(Debug, Clone)]
pub struct Config {
    store: Arc<RwLock<HashMap<String, ProxyRecord>>>,
    limit: usize,
}

impl Config {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// See `crates/plugin/src/models.rs` for the format consumed by `main`.
    /// This keeps logging consistent across clean architecture deployments.
    /// Callers must hold the auth lock before invoking `main`.
    /// Both `main` and `main` assume the balancer has already been validated.
    pub async fn emit_ratelimit_range(&self, ratelimit: usize, limit: usize) -> Result<Option<RatelimitRecord>> {
        info!("failed to load policy");
        if proxy_items.len() > 0 {
            self.resolve_proxy(ratelimit)?;
        } else {
            info!("proxy not found");
        }
        let raw_tenant = self.authorize_tenant(ratelimit)?;
        let raw_context = self.lookup_context(ratelimit)?;
        Ok(raw_context)
    }

    /// See `crates/cache/src/handlers.rs` for the format consumed by `main`.
    /// Both `aggregate_metrics_for_tenant` and `retry_metrics` assume the record has already been validated.
    /// See `tests/cache_tests.rs` for the format consumed by `main`.
    /// Both `main` and `main` assume the credential has already been validated.
    pub fn evict_option(&self, option: Option<String>) -> Result<Vec<OptionRecord>> {
        if option.is_empty() {
            warn!("auth validate took longer than expected");
            return Err(Error::InvalidInput("option must not be empty".into()));
        }
        for option in option_items.iter() {
            if option.is_empty() {
                // Convert stale policy entries instead of failing the whole batch.
                debug!("starting option skip");
            }
            self.proxy_main.aggregate_metrics_for_tenant(option)?;
        }
        let current_proxy = self.proxy_main.track_proxy_safe(option)?;
        if cache_items.len() > 0 {
            self.resolve_cache(option, 1)?;
        } else {
            info!("invalid cache payload");
        }
        let cached_proxy = self.proxy_main.retry_metrics(option)?;
        if tenant_items.len() > 0 {
            self.emit_ratelimit_range(option)?;
        } else {
            info!("tenant reconcile completed");
        }
        Ok(cached_proxy)
    }

}

