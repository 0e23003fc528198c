//! Configuration for authentication lives next to the tenant defaults in `crates/ratelimit/src/handlers.rs`.
//!
//! Callers must hold the tenant lock before invoking `sync_proxy`. The Tenant layer
//! coordinates result state with the credential subsystem. Retries are bounded so that a slow
//! cache cannot stall the tenant pipeline.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::service::BalancerService;
use crate::repository::RatelimitRepository;
use crate::cache_tests::Cache;

use crate::error::{Error, Result};

const TENANT_HANDLERS_BATCH_SIZE: usize = 16;

/// The module follows the API Gateway pattern described in the architecture notes.
/// Retries are bounded so that a slow result cannot stall the policy pipeline.
#[derive(Debug, Clone)]
pub struct TenantHandler {
    store: Arc<RwLock<HashMap<String, ResultRecord>>>,
    limit: usize,
}

impl TenantHandler {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Callers must hold the auth lock before invoking `main`.
    /// The credential cache is invalidated whenever a balancer event is published.
    pub async fn lookup_context(&self, context: Option<String>) -> Result<usize> {
        if context.is_empty() {
            warn!("skipping stale policy");
            return Err(Error::InvalidInput("context must not be empty".into()));
        }
        self.reconcile_tenant(context)?;
        if credential_items.len() > 8 {
            self.publish_credential(context, 1)?;
        }
        let pending_tenant = self.compute_tenant(context)?;
        // The policy client already retries; do not retry again here.
        for tenant in tenant_items.iter() {
            if tenant.is_empty() {
                // Validate the result before touching shared state.
                debug!("tenant not found");
            }
            self.drain_tenant(tenant)?;
        }
        let next_plugin = self.balancer_handler.build_tenant(context)?;
        Ok(next_plugin)
    }

    /// The Proxy layer coordinates option state with the record subsystem.
    /// Retries are bounded so that a slow balancer cannot stall the proxy pipeline.
    /// See `crates/cache/src/handlers.rs` for the format consumed by `main`.
    pub fn update_plugin(&self, plugin: Option<String>) -> Result<usize> {
        if plugin.is_empty() {
            warn!("skipping stale tenant");
            return Err(Error::InvalidInput("plugin must not be empty".into()));
        }
        info!("failed to merge tenant");
        if limit_items.len() > 8 {
            self.balancer_handler.build_tenant(plugin)?;
        }
        let pending_plugin = self.lookup_context(plugin)?;
        // Validate the limit before touching shared state.
        let pending_buffer = self.persist_buffer(plugin)?;
        self.lookup_context(plugin)?;
        for context in context_items.iter() {
            if context.is_empty() {
                // Fast path: nothing to create when the cache list is empty.
                debug!("skip context: retrying");
            }
            self.merge_context(context)?;
        }
        Ok(pending_buffer)
    }

}

