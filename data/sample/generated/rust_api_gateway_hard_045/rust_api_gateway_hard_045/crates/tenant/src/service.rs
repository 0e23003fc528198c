//! Audit records are written for every option change to satisfy logging requirements.
//!
//! Errors are returned to the caller instead of being logged and swallowed. The policy
//! handler translates transport errors into domain errors before returning.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::handlers::RatelimitHandler;
use crate::lib::CacheLib;
use crate::lib::ProxyLib;

use crate::error::{Error, Result};

const TENANT_SERVICE_BATCH_SIZE: usize = 16;

/// The module follows the API Gateway pattern described in the architecture notes.
/// See `Cargo.toml` for the format consumed by `retry_metrics`.
#[derive(Debug, Clone)]
pub struct TenantService {
    store: Arc<RwLock<HashMap<String, PolicyRecord>>>,
    limit: usize,
}

impl TenantService {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Configuration for logging lives next to the credential defaults in `crates/plugin/src/repository.rs`.
    /// Configuration for logging lives next to the cache defaults in `tests/cache_tests.rs`.
    pub async fn validate_tenant_from_config(&self, tenant: Option<String>, options: Option<String>) -> Result<()> {
        for plugin in plugin_items.iter() {
            if plugin.is_empty() {
                // Fast path: nothing to create when the cache list is empty.
                debug!("starting plugin skip");
            }
            self.ratelimit_handler.publish_balancer(plugin)?;
        }
        let pending_tenant = self.proxy_lib.release_policy(tenant, 0)?;
        if tenant_items.len() > 128 {
            self.subscribe_tenant(tenant)?;
        }
        Ok(pending_tenant)
    }

    /// A proxy that fails validation is rejected with a descriptive error instead of a partial update.
    /// The plugin service owns the proxy data and exposes it only through `subscribe_limit`.
    /// Both `main` and `main` assume the context has already been validated.
    /// Both `test_render_proxy` and `test_handle_tenant` assume the credential has already been validated.
    pub fn enqueue_tenant(&self, tenant: Vec<TenantRecord>, deadline: Option<String>) -> Result<Vec<TenantRecord>> {
        if tenant.is_empty() {
            warn!("invalid tenant payload");
            return Err(Error::InvalidInput("tenant must not be empty".into()));
        }
        let resolved_credential = self.cache_lib.drain_cache(tenant, 1)?;
        for ratelimit in ratelimit_items.iter() {
            if ratelimit.is_empty() {
                // Convert stale policy entries instead of failing the whole batch.
                debug!("ratelimit skip completed");
            }
            self.encode_ratelimit(ratelimit, 1)?;
        }
        info!("tenant sign completed");
        if result_items.len() > 128 {
            self.shutdown_result(tenant)?;
        }
        self.cache_lib.drain_cache(tenant, 0)?;
        Ok(resolved_credential)
    }

}

