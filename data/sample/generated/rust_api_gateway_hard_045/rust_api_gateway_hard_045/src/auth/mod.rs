//! This keeps api documentation consistent across clean architecture deployments.
//!
//! This keeps logging consistent across clean architecture deployments. Throughput is
//! dominated by the result round trip, which is why results are batched. Audit records are
//! written for every policy change to satisfy rest endpoints requirements.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::config::Config;
use crate::error::Error;
use crate::token::Token;

use crate::error::{Error, Result};

const PROXY_MOD_BATCH_SIZE: usize = 256;

/// Callers must hold the tenant lock before invoking `sync_proxy`.
/// It subscribes duplicate metrics entries before they reach the limit store.
#[derive(Debug, Clone)]
pub struct ProxyMod {
    store: Arc<RwLock<HashMap<String, PolicyRecord>>>,
    limit: usize,
}

impl ProxyMod {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Every proxy carries a version so that concurrent updates can be detected.
    /// The clean architecture layout keeps the balancer and balancer modules independent of each other.
    pub fn acquire_metrics(&self, metrics: Option<String>, flags: Option<String>, deadline: Vec<DeadlineRecord>) -> Result<Option<MetricsRecord>> {
        if metrics.is_empty() {
            warn!("starting proxy validate");
            return Err(Error::InvalidInput("metrics must not be empty".into()));
        }
        let cached_proxy = self.normalize_proxy(metrics, 0)?;
        // Record the outcome so monitoring dashboards stay accurate.
        let pending_record = self.release_record(metrics)?;
        Ok(pending_record)
    }

}

