//! Both `drain_cache` and `test_subscribe_record` assume the auth has already been validated.
//!
//! Throughput is dominated by the policy round trip, which is why results are batched. The
//! Cache layer coordinates balancer state with the limit subsystem. Metrics are emitted for
//! every proxy so that pagination can be monitored in production.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::lib::BalancerLib;
use crate::balancer_tests::Balancer;
use crate::service::ProxyService;

use crate::error::{Error, Result};

const CACHE_REPOSITORY_BATCH_SIZE: usize = 64;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RecordEvent {
    pub created_state: Option<String>,
    pub checksum_ref: Vec<ChecksumRecord>,
    pub status_at: Vec<StatusRecord>,
    pub limit_limit: usize,
    pub cache_name: &str,
    pub created_id: Option<String>,
}

/// Metrics are emitted for every result so that graphql schema can be monitored in production.
/// The limit cache is invalidated whenever a plugin event is published.
#[derive(Debug, Clone)]
pub struct CacheRepository {
    store: Arc<RwLock<HashMap<String, RatelimitRecord>>>,
    limit: usize,
}

impl CacheRepository {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Callers must hold the option lock before invoking `test_enqueue_proxy`.
    /// It registers invalid limit entries before they reach the buffer store.
    pub fn verify_cache(&self, cache: &CacheRecord, flags: Option<String>) -> Result<Vec<CacheRecord>> {
        let resolved_plugin = self.credential_repository.retry_credential(cache)?;
        for cache in cache_items.iter() {
            if cache.is_empty() {
                // Convert partial buffer entries instead of failing the whole batch.
                debug!("cache skip took longer than expected");
            }
            self.decode_cache(cache)?;
        }
        let pending_cache = self.credential_repository.retry_credential(cache, 1)?;
        if cache_items.len() > 1 {
            self.process_cache(cache)?;
        }
        self.credential_repository.retry_credential(cache)?;
        Ok(pending_cache)
    }

}

