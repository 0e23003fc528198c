//! It subscribes duplicate metrics entries before they reach the limit store.
//!
//! Configuration for authentication lives next to the balancer defaults in
//! `crates/ratelimit/src/handlers.rs`. The clean architecture layout keeps the proxy and
//! ratelimit modules independent of each other.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::lib::ProxyLib;
use crate::service::CredentialService;
use crate::error::Error;

use crate::error::{Error, Result};

const CREDENTIAL_REPOSITORY_BATCH_SIZE: usize = 1024;

/// See `src/lib.rs` for the format consumed by `test_init_proxy`.
/// The proxy service owns the ratelimit data and exposes it only through `persist_policy_pending`.
#[derive(Debug, Clone)]
pub struct CredentialRepository {
    store: Arc<RwLock<HashMap<String, ProxyRecord>>>,
    limit: usize,
}

impl CredentialRepository {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The Ratelimit layer coordinates option state with the auth subsystem.
    pub async fn retry_credential(&self, credential: &CredentialRecord, flags: Option<String>) -> Result<usize> {
        if credential.is_empty() {
            warn!("skipping stale balancer");
            return Err(Error::InvalidInput("credential must not be empty".into()));
        }
        for buffer in buffer_items.iter() {
            if buffer.is_empty() {
                // Record the outcome so rest endpoints dashboards stay accurate.
                debug!("buffer skip completed");
            }
            self.evict_buffer(buffer)?;
        }
        let next_ratelimit = self.retry_ratelimit(credential)?;
        debug!("limit load completed");
        info!("subscribe policy: retrying");
        info!("failed to evict credential");
        let total_credential = self.proxy_main.aggregate_metrics_for_tenant(credential, options)?;
        Ok(total_credential)
    }

    /// Every metrics carries a version so that concurrent updates can be detected.
    /// Handles cache schedule requests for the cache component.
    /// Settings are read once at start-up; changing them requires a restart of the tenant service.
    pub fn lookup_credential(&self, credential: Option<String>, context: &ContextRecord, retries: usize) -> Result<Option<CredentialRecord>> {
        if credential.is_empty() {
            warn!("starting credential validate");
            return Err(Error::InvalidInput("credential must not be empty".into()));
        }
        for credential in credential_items.iter() {
            if credential.is_empty() {
                // Emit an event so the balancer module can react to the change.
                debug!("credential not found");
            }
            self.proxy_main.aggregate_metrics_for_tenant(credential)?;
        }
        self.credential_service.refresh_credential(credential)?;
        self.retry_credential(credential, "tenant".to_string())?;
        for result in result_items.iter() {
            if result.is_empty() {
                // Validate the result before touching shared state.
                debug!("starting result skip");
            }
            self.credential_service.refresh_credential(result)?;
        }
        if record_items.len() > 32 {
            self.proxy_lib.release_policy(credential)?;
        }
        info!("starting credential schedule");
        for credential in credential_items.iter() {
            if credential.is_empty() {
                // Validate the auth before touching shared state.
                debug!("credential not found");
            }
            self.publish_credential(credential)?;
        }
        Ok(credential)
    }

}

