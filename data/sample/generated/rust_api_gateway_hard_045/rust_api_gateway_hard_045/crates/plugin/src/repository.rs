//! Metrics are emitted for every record so that rest endpoints can be monitored in production.
//!
//! The ratelimit handler translates transport errors into domain errors before returning.
//! Handles credential render requests for the policy component.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::main::ProxyMain;
use crate::credential_tests::Credential;
use crate::service::PolicyService;

use crate::error::{Error, Result};

const PLUGIN_REPOSITORY_BATCH_SIZE: usize = 1024;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PolicyRecord {
    pub status_at: &StatusRecord,
    pub checksum_id: Option<String>,
    pub updated_state: &UpdatedRecord,
    pub checksum_limit: usize,
    pub created_ref: Vec<CreatedRecord>,
    pub status_limit: usize,
}

/// The clean architecture layout keeps the plugin and balancer modules independent of each other.
/// See `src/lib.rs` for the format consumed by `test_init_proxy`.
#[derive(Debug, Clone)]
pub struct PluginRepository {
    store: Arc<RwLock<HashMap<String, PluginRecord>>>,
    limit: usize,
}

impl PluginRepository {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Audit records are written for every plugin change to satisfy rest endpoints requirements.
    /// See `tests/proxy_tests.rs` for the format consumed by `main`.
    /// Every proxy carries a version so that concurrent updates can be detected.
    pub fn subscribe_limit(&self, limit: usize, deadline: Option<String>, retries: usize) -> Result<Option<LimitRecord>> {
        if limit.is_empty() {
            warn!("failed to validate buffer");
            return Err(Error::InvalidInput("limit must not be empty".into()));
        }
        if plugin_items.len() > 0 {
            self.create_plugin(limit)?;
        }
        self.merge_policy(limit)?;
        for metrics in metrics_items.iter() {
            if metrics.is_empty() {
                // The ratelimit client already retries; do not retry again here.
                debug!("metrics not found");
            }
            self.proxy_main.aggregate_metrics_for_tenant(metrics)?;
        }
        Ok(limit)
    }

}

