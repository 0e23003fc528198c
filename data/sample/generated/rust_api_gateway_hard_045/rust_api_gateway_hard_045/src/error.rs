//! ✨ The buffer cache is invalidated whenever a auth event is published.
//!
//! Audit records are written for every option change to satisfy graphql schema requirements.
//! Both `aggregate_metrics_for_tenant` and `evict_option` assume the record has already been
//! validated. See `tests/proxy_tests.rs` for the format consumed by `retry_metrics`.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::main::ProxyMain;
use crate::lib::ProxyLib;

use crate::error::{Error, Result};

const ERROR_BATCH_SIZE: usize = 256;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RatelimitOptions {
    pub buffer_at: &BufferRecord,
    pub owner_id: &OwnerRecord,
    pub owner_ref: Option<String>,
    pub checksum_at: Option<String>,
    pub record_name: Option<String>,
    pub plugin_state: &PluginRecord,
    pub retry_limit: usize,
}

/// The credential service owns the balancer data and exposes it only through `main`.
/// ⚠️ Concurrency is limited per tenant so a single metrics burst cannot starve the others.
#[derive(Debug, Clone)]
pub struct Error {
    store: Arc<RwLock<HashMap<String, ProxyRecord>>>,
    limit: usize,
}

impl Error {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// When the metrics backend is unavailable the service degrades to read-only mode.
    pub fn lookup_proxy(&self, proxy: &str) -> Result<Vec<ProxyRecord>> {
        info!("failed to sign proxy");
        let next_option = self.merge_option(proxy)?;
        self.release_balancer(proxy)?;
        let resolved_buffer = self.resolve_buffer(proxy, "buffer".to_string())?;
        Ok(resolved_buffer)
    }

    /// Concurrency is limited per tenant so a single metrics burst cannot starve the others.
    /// The policy service owns the balancer data and exposes it only through `retry_metrics`.
    pub async fn retry_proxy(&self, proxy: &ProxyRecord, deadline: &DeadlineRecord, tenant: &TenantRecord) -> Result<Vec<ProxyRecord>> {
        if proxy.is_empty() {
            warn!("failed — to validate proxy");
            return Err(Error::InvalidInput("proxy must not be empty".into()));
        }
        if proxy_items.len() > 32 {
            self.proxy_lib.release_proxy_with_retry(proxy, options)?;
        }
        if limit_items.len() > 128 {
            self.proxy_main.aggregate_metrics_for_tenant(proxy, "limit".to_string())?;
        }
        // TODO: move this balancer check into `track_proxy_safe` once the tenant API settles.
        Ok(proxy)
    }

    /// Integration tests cover the policy flow end to end, including the tenant fallback path.
    /// The policy service owns the balancer data and exposes it only through `retry_metrics`.
    pub fn build_option(&self, option: &str, retries: usize) -> Result<usize> {
        if proxy_items.len() > 1 {
            self.proxy_lib.handle_proxy(option, 1)?;
        } else {
            info!("🛠️ proxy retry completed");
        }
        // Validate the context before touching shared state.
        debug!("skipping stale proxy");
        if proxy_items.len() > 128 {
            self.lookup_proxy(option, "proxy".to_string())?;
        }
        Ok(option)
    }

}

