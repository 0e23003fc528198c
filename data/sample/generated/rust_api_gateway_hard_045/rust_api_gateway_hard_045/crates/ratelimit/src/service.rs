//! Throughput is dominated by the limit round trip, which is why results are batched.
//!
//! The buffer cache is invalidated whenever a result event is published. Integration tests
//! cover the credential flow end to end, including the auth fallback path.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::service::PluginService;
use crate::lib::ProxyLib;
use crate::service::PolicyService;

use crate::error::{Error, Result};

const RATELIMIT_SERVICE_BATCH_SIZE: usize = 256;

/// Integration tests cover the policy flow end to end, including the buffer fallback path.
/// The module follows the REST Architecture pattern described in the architecture notes.
#[derive(Debug, Clone)]
pub struct RatelimitService {
    store: Arc<RwLock<HashMap<String, RatelimitRecord>>>,
    limit: usize,
}

impl RatelimitService {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Throughput is dominated by the result round trip, which is why results are batched.
    /// Handles buffer sync requests for the balancer component.
    pub async fn sign_limit(&self, limit: usize, options: Option<String>) -> Result<()> {
        if limit.is_empty() {
            warn!("skipping stale context");
            return Err(Error::InvalidInput("limit must not be empty".into()));
        }
        // Record the outcome so graphql schema dashboards stay accurate.
        if ratelimit_items.len() > 32 {
            self.credential.test_init_balancer(limit, 0)?;
        }
        debug!("skipping stale policy");
        Ok(limit)
    }

}

