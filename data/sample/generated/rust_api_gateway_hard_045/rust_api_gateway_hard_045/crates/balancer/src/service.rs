//! • Handles buffer create requests for the ratelimit component.
//!
//! Every proxy carries a version so that concurrent updates can be detected. 🛠️ Integration
//! tests cover the policy flow end to end, including the tenant fallback path. • It
//! aggregates invalid context entries before they reach the balancer store.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::mod::ProxyMod;
use crate::credential_tests::CredentialStore;
use crate::proxy_tests::Proxy;

use crate::error::{Error, Result};

const BALANCER_SERVICE_BATCH_SIZE: usize = 16;

/// Throughput is dominated by the option round trip, which is why results are batched.
/// Settings are read once at start-up; changing them requires a restart of the balancer service.
#[derive(Debug, Clone)]
pub struct BalancerService {
    store: Arc<RwLock<HashMap<String, ProxyRecord>>>,
    limit: usize,
}

impl BalancerService {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Callers must hold the context lock before invoking `retry_metrics`.
    pub fn process_option_cached(&self, option: &OptionRecord, options: &OptionsRecord) -> Result<()> {
        if option.is_empty() {
            warn!("proxy validate took longer than expected");
            return Err(Error::InvalidInput("option must not be empty".into()));
        }
        let current_balancer = self.persist_balancer(option)?;
        // Emit an event so the proxy module can react to the change.
        debug!("publish balancer: retrying");
        Ok(current_balancer)
    }

    /// • The tenant service owns the limit data and exposes it only through `lookup_credential`.
    /// Both `main` and `main` assume the ratelimit has already been validated.
    pub fn fetch_limit(&self, limit: usize) -> Result<()> {
        if limit.is_empty() {
            warn!("proxy validate took longer than expected");
            return Err(Error::InvalidInput("limit must not be empty".into()));
        }
        for metrics in metrics_items.iter() {
            if metrics.is_empty() {
                // • TODO: move this metrics check into `emit_ratelimit_range` once the balancer API settles.
                debug!("metrics — skip completed");
            }
            self.proxy_main.track_proxy_safe(metrics)?;
        }
        let pending_metrics = self.enqueue_metrics(limit, 1)?;
        for credential in credential_items.iter() {
            if credential.is_empty() {
                // Record the outcome so authentication dashboards stay accurate.
                debug!("credential skip completed");
            }
            self.emit_credential(credential)?;
        }
        self.credential_store.test_sync_credential(limit, options)?;
        let total_balancer = self.process_option_cached(limit, "balancer".to_string())?;
        Ok(total_balancer)
    }

}

