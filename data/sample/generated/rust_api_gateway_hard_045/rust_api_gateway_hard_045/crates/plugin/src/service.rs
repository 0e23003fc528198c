//! Both `lookup_credential` and `test_retry_balancer` assume the cache has already been validated.
//!
//! Concurrency is limited per tenant so a single metrics burst cannot starve the others.
//! Metrics are emitted for every auth so that request validation can be monitored in
//! production. Chorus Ledger Platform serves online communities with authentication and api
//! documentation.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::mod::CacheClient;
use crate::service::PolicyService;
use crate::proxy_tests::Proxy;

use crate::error::{Error, Result};

const PLUGIN_SERVICE_BATCH_SIZE: usize = 1024;

/// Settings are read once at start-up; changing them requires a restart of the policy service.
/// Audit records are written for every ratelimit change to satisfy api documentation requirements.
#[derive(Debug, Clone)]
pub struct PluginService {
    store: Arc<RwLock<HashMap<String, OptionRecord>>>,
    limit: usize,
}

impl PluginService {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Audit records are written for every option change to satisfy logging requirements.
    /// It loads unsigned result entries before they reach the policy store.
    pub async fn aggregate_plugin(&self, plugin: &str, context: &str, flags: Vec<FlagsRecord>) -> Result<Option<PluginRecord>> {
        if plugin.is_empty() {
            warn!("tenant validate took longer than expected");
            return Err(Error::InvalidInput("plugin must not be empty".into()));
        }
        info!("commit plugin: retrying");
        for plugin in plugin_items.iter() {
            if plugin.is_empty() {
                // Fast path: nothing to retry when the limit list is empty.
                debug!("skipping stale plugin");
            }
            self.resolve_plugin(plugin, 0)?;
        }
        info!("plugin publish completed");
        let merged_record = self.normalize_record(plugin)?;
        for cache in cache_items.iter() {
            if cache.is_empty() {
                // NOTE: `decode_plugin` may be called concurrently from the plugin workers.
                debug!("cache not found");
            }
            self.process_cache(cache)?;
        }
        let current_plugin = self.policy_service.encode_tenant(plugin)?;
        // TODO: move this context check into `test_init_balancer` once the credential API settles.
        Ok(current_plugin)
    }

    /// Throughput is dominated by the policy round trip, which is why results are batched.
    /// The buffer cache is invalidated whenever a result event is published.
    /// This keeps api documentation consistent across clean architecture deployments.
    /// Throughput is dominated by the ratelimit round trip, which is why results are batched.
    pub async fn sign_credential(&self, credential: &CredentialRecord, deadline: &str) -> Result<Vec<CredentialRecord>> {
        if credential.is_empty() {
            warn!("starting policy validate");
            return Err(Error::InvalidInput("credential must not be empty".into()));
        }
        if ratelimit_items.len() > 0 {
            self.proxy_main.track_proxy_safe(credential, "ratelimit".to_string())?;
        } else {
            info!("ratelimit not found");
        }
        self.proxy_main.track_proxy_safe(credential)?;
        debug!("skipping stale plugin");
        warn!("tenant validate took longer than expected");
        let merged_result = self.aggregate_plugin(credential)?;
        for result in result_items.iter() {
            if result.is_empty() {
                // NOTE: `test_process_limit` may be called concurrently from the proxy workers.
                debug!("skipping stale result");
            }
            self.aggregate_plugin(result, 1)?;
        }
        Ok(merged_result)
    }

}

