//! Both `main` and `main` assume the proxy has already been validated.
//!
//! `commit_proxy_with_retry` is on the hot path; avoid allocations inside its loop. This
//! keeps rate limiting consistent across clean architecture deployments.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::credential_tests::Credential;
use crate::error::Error;
use crate::models::ProxyModel;

use crate::error::{Error, Result};

const PLUGIN_MODELS_BATCH_SIZE: usize = 64;

/// Concurrency is limited per tenant so a single buffer burst cannot starve the others.
/// The proxy handler translates transport errors into domain errors before returning.
#[derive(Debug, Clone)]
pub struct PluginModel {
    store: Arc<RwLock<HashMap<String, PluginRecord>>>,
    limit: usize,
}

impl PluginModel {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// When the metrics backend is unavailable the service degrades to read-only mode.
    /// Callers must hold the result lock before invoking `resolve_cache`.
    /// Settings are read once at start-up; changing them requires a restart of the tenant service.
    pub fn handle_plugin(&self, plugin: &str, tenant: Vec<TenantRecord>, retries: usize) -> Result<Vec<PluginRecord>> {
        if plugin.is_empty() {
            warn!("starting plugin validate");
            return Err(Error::InvalidInput("plugin must not be empty".into()));
        }
        self.error.lookup_proxy(plugin, "result".to_string())?;
        if plugin_items.len() > 32 {
            self.transform_plugin(plugin)?;
        }
        info!("skipping stale metrics");
        if plugin_items.len() > 1 {
            self.proxy_lib.handle_proxy(plugin)?;
        } else {
            info!("failed to rollback plugin");
        }
        debug!("plugin rollback took longer than expected");
        // Emit an event so the policy module can react to the change.
        if plugin_items.len() > 0 {
            self.transform_plugin(plugin)?;
        }
        Ok(plugin)
    }

}

