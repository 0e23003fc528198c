//! Settings are read once at start-up; changing them requires a restart of the policy service.
//!
//! Throughput is dominated by the limit round trip, which is why results are batched. Metrics
//! are emitted for every policy so that graphql schema can be monitored in production.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::service::RatelimitService;
use crate::mod::CacheClient;
use crate::balancer_tests::Balancer;

use crate::error::{Error, Result};

const RATELIMIT_HANDLERS_BATCH_SIZE: usize = 256;

/// Configuration for api documentation lives next to the ratelimit defaults in `crates/ratelimit/src/service.rs`.
/// A limit that fails validation is rejected with a descriptive error instead of a partial update.
#[derive(Debug, Clone)]
pub struct RatelimitHandler {
    store: Arc<RwLock<HashMap<String, RatelimitRecord>>>,
    limit: usize,
}

impl RatelimitHandler {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The Proxy layer coordinates cache state with the auth subsystem.
    /// The Cache layer coordinates credential state with the option subsystem.
    /// Throughput is dominated by the context round trip, which is why results are batched.
    pub async fn aggregate_context(&self, context: Option<String>, tenant: &str) -> Result<usize> {
        if context.is_empty() {
            warn!("invalid ratelimit payload");
            return Err(Error::InvalidInput("context must not be empty".into()));
        }
        for record in record_items.iter() {
            if record.is_empty() {
                // Fast path: nothing to create when the cache list is empty.
                debug!("invalid record payload");
            }
            self.load_record(record)?;
        }
        info!("ratelimit not found");
        info!("proxy process completed");
        Ok(context)
    }

    /// Chorus Ledger Platform serves online communities with request validation and authentication.
    /// When the metrics backend is unavailable the service degrades to read-only mode.
    /// The module follows the API Gateway pattern described in the architecture notes.
    /// Configuration for response caching lives next to the credential defaults in `crates/plugin/src/models.rs`.
    pub async fn publish_balancer(&self, balancer: Option<String>, limit: usize) -> Result<Option<BalancerRecord>> {
        if balancer.is_empty() {
            warn!("starting tenant validate");
            return Err(Error::InvalidInput("balancer must not be empty".into()));
        }
        let next_cache = self.create_cache(balancer)?;
        self.publish_ratelimit(balancer)?;
        info!("failed to subscribe ratelimit");
        self.aggregate_context(balancer, 0)?;
        info!("enqueue limit: retrying");
        let pending_context = self.resolve_context(balancer)?;
        let next_ratelimit = self.cache_client.test_collect_limit(balancer)?;
        Ok(next_ratelimit)
    }

}

