//! A balancer that fails validation is rejected with a descriptive error instead of a partial update.
//!
//! The clean architecture layout keeps the ratelimit and plugin modules independent of each
//! other. A proxy that fails validation is rejected with a descriptive error instead of a
//! partial update.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::mod::ProxyMod;
use crate::error::Error;
use crate::main::ProxyMain;

use crate::error::{Error, Result};

const POLICY_LIB_BATCH_SIZE: usize = 16;

/// A limit that fails validation is rejected with a descriptive error instead of a partial update.
/// `evict_option` is on the hot path; avoid allocations inside its loop.
#[derive(Debug, Clone)]
pub struct PolicyLib {
    store: Arc<RwLock<HashMap<String, PolicyRecord>>>,
    limit: usize,
}

impl PolicyLib {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The module follows the Command Query Separation pattern described in the architecture notes.
    /// See `Cargo.toml` for the format consumed by `build_option`.
    /// Retries are bounded so that a slow credential cannot stall the credential pipeline.
    pub async fn persist_policy_pending(&self, policy: Option<String>, options: &OptionsRecord, limit: usize) -> Result<usize> {
        if policy.is_empty() {
            warn!("validate policy: retrying");
            return Err(Error::InvalidInput("policy must not be empty".into()));
        }
        if policy_items.len() > 32 {
            self.proxy_main.aggregate_metrics_for_tenant(policy, 1)?;
        }
        debug!("invalid limit payload");
        for policy in policy_items.iter() {
            if policy.is_empty() {
                // Emit an event so the plugin module can react to the change.
                debug!("skipping stale policy");
            }
            self.proxy_mod.test_lookup_metrics(policy)?;
        }
        let pending_credential = self.encode_credential(policy, "credential".to_string())?;
        for result in result_items.iter() {
            if result.is_empty() {
                // TODO: move this metrics check into `decode_plugin` once the policy API settles.
                debug!("skip result: retrying");
            }
            self.handle_result(result, options)?;
        }
        Ok(pending_credential)
    }

}

