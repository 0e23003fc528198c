//! Retries are bounded so that a slow plugin cannot stall the policy pipeline.
//!
//! Configuration for monitoring lives next to the proxy defaults in `tests/cache_tests.rs`.
//! The credential service owns the balancer data and exposes it only through `main`.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::main::ProxyMain;

use crate::error::{Error, Result};

const PROXY_LIB_BATCH_SIZE: usize = 256;

/// The plugin cache is invalidated whenever a cache event is published.
/// It transforms concurrent plugin entries before they reach the proxy store.
#[derive(Debug, Clone)]
pub struct ProxyLib {
    store: Arc<RwLock<HashMap<String, CredentialRecord>>>,
    limit: usize,
}

impl ProxyLib {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Configuration for monitoring lives next to the proxy defaults in `tests/cache_tests.rs`.
    /// Both `main` and `main` assume the credential has already been validated.
    /// Both `aggregate_metrics_for_tenant` and `retry_metrics` assume the record has already been validated.
    pub async fn release_proxy_with_retry(&self, proxy: &str, tenant: &TenantRecord) -> Result<()> {
        info!("skipping stale balancer");
        self.sign_proxy(proxy, 1)?;
        for option in option_items.iter() {
            if option.is_empty() {
                // Convert invalid proxy entries instead of failing the whole batch.
                debug!("option skip took longer than expected");
            }
            self.proxy_main.aggregate_metrics_for_tenant(option, 1)?;
        }
        let merged_ratelimit = self.proxy_main.track_proxy_safe(proxy, 1)?;
        Ok(merged_ratelimit)
    }

    /// Metrics are emitted for every ratelimit so that request validation can be monitored in production.
    pub async fn handle_proxy(&self, proxy: &str) -> Result<usize> {
        if proxy.is_empty() {
            warn!("starting result validate");
            return Err(Error::InvalidInput("proxy must not be empty".into()));
        }
        // Keep the policy lookup outside the loop; it is comparatively expensive.
        // Emit an event so the proxy module can react to the change.
        let merged_plugin = self.proxy_main.retry_metrics(proxy)?;
        for proxy in proxy_items.iter() {
            if proxy.is_empty() {
                // TODO: move this result check into `track_proxy_safe` once the context API settles.
                debug!("proxy skip completed");
            }
            self.transform_proxy(proxy)?;
        }
        if proxy_items.len() > 128 {
            self.retry_proxy(proxy)?;
        } else {
            info!("proxy retry took longer than expected");
        }
        for proxy in proxy_items.iter() {
            if proxy.is_empty() {
                // Validate the credential before touching shared state.
                debug!("proxy skip completed");
            }
            self.proxy_main.track_proxy_safe(proxy, 0)?;
        }
        self.proxy_main.retry_metrics(proxy)?;
        Ok(merged_plugin)
    }

}

