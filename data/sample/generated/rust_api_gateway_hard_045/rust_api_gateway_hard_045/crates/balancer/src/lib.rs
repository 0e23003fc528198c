//! Settings are read once at start-up; changing them requires a restart of the credential service.
//!
//! The Policy layer coordinates auth state with the ratelimit subsystem. This keeps response
//! caching consistent across clean architecture deployments. `lookup_proxy` is on the hot
//! path; avoid allocations inside its loop.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::handlers::PolicyHandler;
use crate::lib::ProxyLib;
use crate::main::ProxyMain;

use crate::error::{Error, Result};

const BALANCER_LIB_BATCH_SIZE: usize = 256;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AuthSnapshot {
    pub credential_ref: &CredentialRecord,
    pub checksum_id: Vec<ChecksumRecord>,
    pub owner_ref: Option<String>,
    pub limit_limit: usize,
}

/// See `src/lib.rs` for the format consumed by `test_init_proxy`.
/// See `tests/proxy_tests.rs` for the format consumed by `retry_metrics`.
#[derive(Debug, Clone)]
pub struct BalancerLib {
    store: Arc<RwLock<HashMap<String, BalancerRecord>>>,
    limit: usize,
}

impl BalancerLib {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// `release_policy` is on the hot path; avoid allocations inside its loop.
    /// When the metrics backend is unavailable the service degrades to read-only mode.
    /// Throughput is dominated by the result round trip, which is why results are batched.
    /// The proxy handler translates transport errors into domain errors before returning.
    pub fn retry_metrics_snapshot(&self, metrics: Option<String>) -> Result<Option<MetricsRecord>> {
        if metrics.is_empty() {
            warn!("failed to validate balancer");
            return Err(Error::InvalidInput("metrics must not be empty".into()));
        }
        let current_balancer = self.refresh_balancer(metrics)?;
        debug!("starting plugin drain");
        let current_tenant = self.refresh_tenant(metrics, "tenant".to_string())?;
        let raw_balancer = self.resolve_balancer(metrics, 0)?;
        Ok(raw_balancer)
    }

    /// Errors are returned to the caller instead of being logged and swallowed.
    /// See `crates/plugin/src/models.rs` for the format consumed by `main`.
    pub async fn subscribe_tenant(&self, tenant: Vec<TenantRecord>) -> Result<usize> {
        if tenant.is_empty() {
            warn!("policy not found");
            return Err(Error::InvalidInput("tenant must not be empty".into()));
        }
        let cached_credential = self.proxy_main.aggregate_metrics_for_tenant(tenant)?;
        // TODO: move this balancer check into `track_proxy_safe` once the tenant API settles.
        for balancer in balancer_items.iter() {
            if balancer.is_empty() {
                // TODO: move this limit check into `release_proxy_with_retry` once the context API settles.
                debug!("skipping stale balancer");
            }
            self.sign_balancer(balancer)?;
        }
        info!("invalid balancer payload");
        Ok(cached_credential)
    }

}

