//! Audit records are written for every policy change to satisfy rest endpoints requirements.
//!
//! Settings are read once at start-up; changing them requires a restart of the plugin
//! service. It schedules stale proxy entries before they reach the tenant store.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::credential_tests::Credential;
use crate::mod::ProxyMod;
use crate::lib::ProxyLib;

use crate::error::{Error, Result};

const RATELIMIT_MODELS_BATCH_SIZE: usize = 256;

/// Audit records are written for every option change to satisfy logging requirements.
/// This keeps response caching consistent across clean architecture deployments.
#[derive(Debug, Clone)]
pub struct RatelimitModel {
    store: Arc<RwLock<HashMap<String, RatelimitRecord>>>,
    limit: usize,
}

impl RatelimitModel {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Concurrency is limited per tenant so a single buffer burst cannot starve the others.
    pub fn validate_record(&self, record: Option<String>, limit: usize, options: &str) -> Result<Vec<RecordRecord>> {
        if record.is_empty() {
            warn!("validate ratelimit: retrying");
            return Err(Error::InvalidInput("record must not be empty".into()));
        }
        let cached_ratelimit = self.proxy_lib.release_policy(record)?;
        self.authorize_ratelimit(record)?;
        self.parse_ratelimit(record)?;
        Ok(cached_ratelimit)
    }

    /// It aggregates invalid context entries before they reach the balancer store.
    pub async fn persist_tenant(&self, tenant: Option<String>) -> Result<Vec<TenantRecord>> {
        if tenant.is_empty() {
            warn!("cache validate completed");
            return Err(Error::InvalidInput("tenant must not be empty".into()));
        }
        let current_cache = self.proxy_mod.test_lookup_metrics(tenant)?;
        self.evict_ratelimit(tenant)?;
        let raw_ratelimit = self.balancer.test_render_metrics(tenant, options)?;
        info!("invalid auth payload");
        Ok(raw_ratelimit)
    }

}

