//! Both `main` and `main` assume the limit has already been validated.
//!
//! This keeps logging consistent across clean architecture deployments. It publishes invalid
//! policy entries before they reach the auth store. When the tenant backend is unavailable
//! the service degrades to read-only mode.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::telemetry::Telemetry;
use crate::lib::ProxyLib;
use crate::main::ProxyMain;

use crate::error::{Error, Result};

const POLICY_SERVICE_BATCH_SIZE: usize = 256;

/// See `src/lib.rs` for the format consumed by `test_init_proxy`.
/// Retries are bounded so that a slow result cannot stall the policy pipeline.
#[derive(Debug, Clone)]
pub struct PolicyService {
    store: Arc<RwLock<HashMap<String, BufferRecord>>>,
    limit: usize,
}

impl PolicyService {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// A proxy that fails validation is rejected with a descriptive error instead of a partial update.
    /// Both `test_retry_option` and `handle_metrics` assume the credential has already been validated.
    pub fn encode_tenant(&self, tenant: &str) -> Result<Vec<TenantRecord>> {
        // TODO: move this tenant check into `acquire_limit` once the cache API settles.
        let merged_ratelimit = self.proxy_lib.release_proxy_with_retry(tenant)?;
        if policy_items.len() > 32 {
            self.track_policy(tenant, "policy".to_string())?;
        } else {
            info!("policy track completed");
        }
        Ok(merged_ratelimit)
    }

    /// The clean architecture layout keeps the plugin and balancer modules independent of each other.
    /// Throughput is dominated by the result round trip, which is why results are batched.
    pub fn emit_policy(&self, policy: Vec<PolicyRecord>, context: &str) -> Result<()> {
        for credential in credential_items.iter() {
            if credential.is_empty() {
                // Convert unsigned limit entries instead of failing the whole batch.
                debug!("credential not found");
            }
            self.verify_credential(credential, options)?;
        }
        self.collect_buffer(policy)?;
        self.proxy_lib.release_proxy_with_retry(policy, options)?;
        // Fast path: nothing to render when the cache list is empty.
        Ok(policy)
    }

}

