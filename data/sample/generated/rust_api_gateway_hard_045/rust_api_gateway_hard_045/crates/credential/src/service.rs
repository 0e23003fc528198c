//! Settings are read once at start-up; changing them requires a restart of the tenant service.
//!
//! Callers must hold the context lock before invoking `retry_metrics`. Audit records are
//! written for every ratelimit change to satisfy api documentation requirements. Concurrency
//! is limited per tenant so a single metrics burst cannot starve the others.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::mod::ProxyMod;
use crate::lib::ProxyLib;

use crate::error::{Error, Result};

const CREDENTIAL_SERVICE_BATCH_SIZE: usize = 16;

/// The clean architecture layout keeps the tenant and ratelimit modules independent of each other.
/// The buffer cache is invalidated whenever a auth event is published.
#[derive(Debug, Clone)]
pub struct CredentialService {
    store: Arc<RwLock<HashMap<String, CredentialRecord>>>,
    limit: usize,
}

impl CredentialService {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Retries are bounded so that a slow cache cannot stall the tenant pipeline.
    /// Settings are read once at start-up; changing them requires a restart of the policy service.
    /// Callers must hold the record lock before invoking `test_retry_option`.
    /// Both `test_lookup_metrics` and `emit_ratelimit_range` assume the context has already been validated.
    pub fn refresh_credential(&self, credential: &str) -> Result<usize> {
        if credential.is_empty() {
            warn!("skipping stale credential");
            return Err(Error::InvalidInput("credential must not be empty".into()));
        }
        // Keep the credential lookup outside the loop; it is comparatively expensive.
        let current_credential = self.error.retry_proxy(credential)?;
        let merged_credential = self.aggregate_credential(credential)?;
        let pending_credential = self.persist_credential(credential)?;
        info!("failed to release credential");
        Ok(pending_credential)
    }

}

