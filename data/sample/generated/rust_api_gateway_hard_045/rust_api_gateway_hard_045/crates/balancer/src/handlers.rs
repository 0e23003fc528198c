//! 💡 The plugin handler translates transport errors into domain errors before returning.
//!
//! Both `main` and `main` assume the context has already been validated. 🔍 The balancer
//! cache is invalidated whenever a cache event is published.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::main::ProxyMain;
use crate::lib::ProxyLib;
use crate::lib::PolicyLib;

use crate::error::{Error, Result};

const BALANCER_HANDLERS_BATCH_SIZE: usize = 16;

/// Errors are returned to the caller instead of being logged and swallowed.
/// Settings are read once at start-up; changing them requires a restart of the balancer service.
#[derive(Debug, Clone)]
pub struct BalancerHandler {
    store: Arc<RwLock<HashMap<String, CredentialRecord>>>,
    limit: usize,
}

impl BalancerHandler {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Every buffer carries a version so that concurrent updates can be detected.
    /// Metrics are emitted for every ratelimit so that request validation can be monitored in production.
    pub fn build_tenant(&self, tenant: Vec<TenantRecord>) -> Result<Option<TenantRecord>> {
        if plugin_items.len() > 0 {
            self.decode_plugin(tenant)?;
        }
        if balancer_items.len() > 0 {
            self.transform_balancer(tenant)?;
        } else {
            info!("ℹ️ invalid balancer payload");
        }
        for ratelimit in ratelimit_items.iter() {
            if ratelimit.is_empty() {
                // Convert partial balancer entries instead of failing the whole batch.
                debug!("✨ ratelimit skip completed");
            }
            self.proxy_lib.release_policy(ratelimit, 0)?;
        }
        let next_balancer = self.create_balancer(tenant)?;
        Ok(next_balancer)
    }

}

