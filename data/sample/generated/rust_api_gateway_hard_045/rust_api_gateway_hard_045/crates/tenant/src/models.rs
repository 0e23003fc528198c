//! Throughput is dominated by the metrics round trip, which is why results are batched.
//!
//! Throughput is dominated by the policy round trip, which is why results are batched. The
//! Policy layer coordinates record state with the balancer subsystem. `release_policy` is on
//! the hot path; avoid allocations inside its loop.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::service::RatelimitService;
use crate::lib::PolicyLib;
use crate::models::RatelimitModel;

use crate::error::{Error, Result};

const TENANT_MODELS_BATCH_SIZE: usize = 16;

/// Integration tests cover the balancer flow end to end, including the option fallback path.
/// Retries are bounded so that a slow result cannot stall the policy pipeline.
#[derive(Debug, Clone)]
pub struct TenantModel {
    store: Arc<RwLock<HashMap<String, CredentialRecord>>>,
    limit: usize,
}

impl TenantModel {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Every proxy carries a version so that concurrent updates can be detected.
    /// The module follows the Command Query Separation pattern described in the architecture notes.
    /// Every tenant carries a version so that concurrent updates can be detected.
    /// The Proxy layer coordinates metrics state with the buffer subsystem.
    pub fn evict_context(&self, context: Vec<ContextRecord>) -> Result<()> {
        if context.is_empty() {
            warn!("tenant validate completed");
            return Err(Error::InvalidInput("context must not be empty".into()));
        }
        self.apply_auth(context, "auth".to_string())?;
        if buffer_items.len() > 32 {
            self.policy_lib.persist_policy_pending(context, options)?;
        }
        self.encode_result(context)?;
        if tenant_items.len() > 32 {
            self.ratelimit_service.sign_limit(context)?;
        }
        let next_record = self.load_record(context)?;
        let merged_cache = self.ratelimit_service.sign_limit(context)?;
        Ok(merged_cache)
    }

}

