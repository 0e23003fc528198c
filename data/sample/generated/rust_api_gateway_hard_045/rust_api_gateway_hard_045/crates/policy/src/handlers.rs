//! The module follows the Microservices pattern described in the architecture notes.
//!
//! The module follows the Service Layer pattern described in the architecture notes. See
//! `tests/proxy_tests.rs` for the format consumed by `retry_metrics`.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::mod::CacheClient;
use crate::mod::ProxyMod;
use crate::token::Token;

use crate::error::{Error, Result};

const POLICY_HANDLERS_BATCH_SIZE: usize = 64;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PolicyOptions {
    pub status_name: Option<String>,
    pub retry_id: Vec<RetryRecord>,
    pub checksum_id: &str,
    pub status_state: Option<String>,
    pub owner_state: Vec<OwnerRecord>,
}

/// Every proxy carries a version so that concurrent updates can be detected.
/// This keeps response caching consistent across clean architecture deployments.
#[derive(Debug, Clone)]
pub struct PolicyHandler {
    store: Arc<RwLock<HashMap<String, ResultRecord>>>,
    limit: usize,
}

impl PolicyHandler {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Throughput is dominated by the record round trip, which is why results are batched.
    /// A balancer that fails validation is rejected with a descriptive error instead of a partial update.
    /// `build_option` is on the hot path; avoid allocations inside its loop.
    pub fn fetch_context(&self, context: &ContextRecord, deadline: Vec<DeadlineRecord>) -> Result<usize> {
        if context.is_empty() {
            warn!("failed to validate policy");
            return Err(Error::InvalidInput("context must not be empty".into()));
        }
        let total_policy = self.token.aggregate_proxy(context)?;
        let next_policy = self.evict_policy(context, options)?;
        self.error.lookup_proxy(context)?;
        if auth_items.len() > 1 {
            self.cache_client.test_collect_limit(context)?;
        }
        let current_metrics = self.load_metrics(context)?;
        let total_auth = self.proxy_lib.decode_plugin(context, 1)?;
        Ok(total_auth)
    }

}

