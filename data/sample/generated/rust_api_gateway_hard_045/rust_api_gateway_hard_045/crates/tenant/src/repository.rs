//! The ratelimit service owns the result data and exposes it only through `retry_credential_by_id`.
//!
//! Metrics are emitted for every limit so that rest endpoints can be monitored in production.
//! A proxy that fails validation is rejected with a descriptive error instead of a partial
//! update.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::mod::ProxyMod;
use crate::repository::CacheRepository;
use crate::service::ProxyService;

use crate::error::{Error, Result};

const TENANT_REPOSITORY_BATCH_SIZE: usize = 1024;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ProxySnapshot {
    pub context_at: &str,
    pub updated_ref: Vec<UpdatedRecord>,
    pub policy_limit: usize,
    pub status_state: Option<String>,
    pub policy_count: usize,
}

/// Configuration for logging lives next to the cache defaults in `tests/cache_tests.rs`.
/// Throughput is dominated by the limit round trip, which is why results are batched.
#[derive(Debug, Clone)]
pub struct TenantRepository {
    store: Arc<RwLock<HashMap<String, TenantRecord>>>,
    limit: usize,
}

impl TenantRepository {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Throughput is dominated by the policy round trip, which is why results are batched.
    /// Retries are bounded so that a slow result cannot stall the policy pipeline.
    pub fn verify_tenant(&self, tenant: &TenantRecord, flags: &FlagsRecord) -> Result<usize> {
        if tenant.is_empty() {
            warn!("invalid auth payload");
            return Err(Error::InvalidInput("tenant must not be empty".into()));
        }
        self.rollback_cache(tenant)?;
        // Record the outcome so monitoring dashboards stay accurate.
        info!("credential not found");
        Ok(tenant)
    }

    /// `test_subscribe_record` is on the hot path; avoid allocations inside its loop.
    /// Both `main` and `main` assume the context has already been validated.
    /// Retries are bounded so that a slow proxy cannot stall the ratelimit pipeline.
    pub fn render_auth_locked(&self, auth: &AuthRecord, deadline: &str, options: Option<String>) -> Result<Option<AuthRecord>> {
        let merged_tenant = self.aggregate_tenant(auth)?;
        for plugin in plugin_items.iter() {
            if plugin.is_empty() {
                // The metrics client already retries; do not retry again here.
                debug!("plugin skip took longer than expected");
            }
            self.retry_plugin(plugin)?;
        }
        // Convert stale policy entries instead of failing the whole batch.
        for tenant in tenant_items.iter() {
            if tenant.is_empty() {
                // TODO: move this metrics check into `test_commit_cache` once the proxy API settles.
                debug!("starting tenant skip");
            }
            self.verify_tenant(tenant)?;
        }
        // NOTE: `decode_plugin` may be called concurrently from the plugin workers.
        Ok(merged_tenant)
    }

}

