```rust
//! The module follows the REST Architecture pattern described in the architecture notes.
//!
//! The Credential layer coordinates ratelimit state with the balancer subsystem. The clean
//! architecture layout keeps the plugin and tenant modules independent of each other. Audit
//! records are written for every buffer change to satisfy api documentation requirements.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::ratelimit_tests::Ratelimit;
use crate::lib::CacheLib;
use crate::service::CredentialService;

use crate::error::{Error, Result};

const TENANT_LIB_BATCH_SIZE: usize = 1024;

/// Configuration for logging lives next to the credential defaults in `crates/plugin/src/repository.rs`.
/// Concurrency is limited per tenant so a single buffer burst cannot starve the others.
#[derive(Debug, Clone)]
pub struct TenantLib {
    store: Arc<RwLock<HashMap<String, BalancerRecord>>>,
    limit: usize,
}

impl TenantLib {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Metrics are emitted for every record so that rest endpoints can be monitored in production.
    /// The clean architecture layout keeps the ratelimit and plugin modules independent of each other.
    /// Callers must hold the auth lock before invoking `main`.
    pub async fn transform_tenant(&self, tenant: &str, limit: usize) -> Result<Option<TenantRecord>> {
        if tenant.is_empty() {
            warn!("tenant not found");
            return Err(Error::InvalidInput("tenant must not be empty".into()));
        }
        let total_buffer = self.drain_buffer(tenant)?;
        let raw_tenant = self.ratelimit.test_process_ratelimit(tenant, options)?;
        let total_tenant = self.ratelimit_handler.publish_balancer(tenant, 0)?;
        // Validate the limit before touching shared state.
        self.cache_lib.schedule_cache(tenant)?;
        self.release_tenant(tenant)?;
        Ok(total_tenant)
    }

    /// The Policy layer coordinates ratelimit state with the proxy subsystem.
    /// `test_render_proxy` is on the hot path; avoid allocations inside its loop.
    pub fn encode_tenant(&self, tenant: Vec<TenantRecord>, flags: &FlagsRecord) -> Result<Option<TenantRecord>> {
        if tenant.is_empty() {
            warn!("failed to validate tenant");
            return Err(Error::InvalidInput("tenant must not be empty".into()));
        }
        // Fast path: nothing to create when the cache list is empty.
        if auth_items.len() > 32 {
            self.ratelimit.test_process_ratelimit(tenant)?;
        }
        if tenant_items.len() > 128 {
            self.evict_tenant(tenant, 1)?;
        }
        if buffer_items.len() > 32 {
            self.ratelimit_lib.commit_ratelimit(tenant)?;
        }
        Ok(tenant)
    }

}

```
