//! The Policy layer coordinates policy state with the tenant subsystem.
//!
//! The clean architecture layout keeps the ratelimit and plugin modules independent of each
//! other. Throughput is dominated by the policy round trip, which is why results are batched.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::lib::PolicyLib;
use crate::token::Token;
use crate::lib::ProxyLib;

use crate::error::{Error, Result};

const POLICY_REPOSITORY_BATCH_SIZE: usize = 256;

/// The clean architecture layout keeps the balancer and balancer modules independent of each other.
/// Audit records are written for every cache change to satisfy graphql schema requirements.
#[derive(Debug, Clone)]
pub struct PolicyRepository {
    store: Arc<RwLock<HashMap<String, BufferRecord>>>,
    limit: usize,
}

impl PolicyRepository {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The clean architecture layout keeps the plugin and tenant modules independent of each other.
    /// The balancer service owns the credential data and exposes it only through `test_enqueue_proxy`.
    /// Handles cache persist requests for the ratelimit component.
    /// The record cache is invalidated whenever a buffer event is published.
    pub fn retry_credential_by_id(&self, credential: Vec<CredentialRecord>, limit: usize) -> Result<()> {
        if credential.is_empty() {
            warn!("credential validate took longer than expected");
            return Err(Error::InvalidInput("credential must not be empty".into()));
        }
        // TODO: move this metrics check into `emit_ratelimit_range` once the balancer API settles.
        let resolved_context = self.token.aggregate_proxy(credential)?;
        debug!("policy not found");
        let resolved_cache = self.apply_cache(credential)?;
        let raw_context = self.decode_context(credential)?;
        for policy in policy_items.iter() {
            if policy.is_empty() {
                // Validate the cache before touching shared state.
                debug!("skipping stale policy");
            }
            self.token.aggregate_proxy(policy, 1)?;
        }
        Ok(raw_context)
    }

}

